import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { multipartBody } from '../../apps/server/test/multipart.js';

/** The product's `{code, msg, data}` envelope; anything but code 0 is thrown with its message. */
export async function callApi<T>(
  baseUrl: string,
  token: string,
  route: string,
  init: { method?: 'GET' | 'POST'; body?: unknown; form?: FormData; upload?: PreparedUpload } = {},
): Promise<T> {
  const headers: Record<string, string> = { token };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.upload) headers['content-type'] = init.upload.contentType;
  const response = await fetch(`${baseUrl}${route}`, {
    method: init.method ?? (init.body !== undefined || init.form || init.upload ? 'POST' : 'GET'),
    headers,
    body: init.upload?.body ?? init.form ?? (init.body !== undefined ? JSON.stringify(init.body) : undefined),
  });
  const envelope = (await response.json()) as { code: number; msg: string; data: T };
  if (envelope.code !== 0) throw new Error(`${route}: ${envelope.msg}`);
  return envelope.data;
}

export async function bindCompany(baseUrl: string, token: string, name: string, taxNo: string): Promise<number> {
  const bound = await callApi<{ firmId: number }>(baseUrl, token, '/api/CsbFirmCertification/bindFirm', {
    body: { taxpayerName: name, taxNo },
  });
  return bound.firmId;
}

export interface ImportOutcome {
  importId: number;
  status: string;
  lines: number;
  periods: string[];
}

/** A multipart upload's bytes, made before a timed upload starts (a browser has its file at hand too). */
export interface PreparedUpload {
  body: Uint8Array;
  contentType: string;
}

/** The fileUpload body of an invoice export: the fields, then the file (the order the server reads them in). */
export async function invoiceUploadBody(firmId: number, file: string): Promise<PreparedUpload> {
  const { payload, headers } = multipartBody(
    { firmId: String(firmId), kind: 'invoice' },
    { filename: path.basename(file), content: await readFile(file) },
  );
  return { body: payload, contentType: headers['content-type'] };
}

/** Uploads an invoice export (a file, or its prepared body) and waits until the import has finished. */
export async function uploadInvoices(
  baseUrl: string,
  token: string,
  firmId: number,
  file: string | PreparedUpload,
): Promise<ImportOutcome> {
  const upload = typeof file === 'string' ? await invoiceUploadBody(firmId, file) : file;
  const outcome = await callApi<ImportOutcome>(baseUrl, token, '/api/CsbFirmCertification/fileUpload?wait=true', {
    upload,
  });
  if (outcome.status !== 'done') throw new Error(`导入未完成：${outcome.status}`);
  return outcome;
}
