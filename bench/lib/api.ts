import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** The product's `{code, msg, data}` envelope; anything but code 0 is thrown with its message. */
export async function callApi<T>(
  baseUrl: string,
  token: string,
  route: string,
  init: { method?: 'GET' | 'POST'; body?: unknown; form?: FormData } = {},
): Promise<T> {
  const headers: Record<string, string> = { token };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${baseUrl}${route}`, {
    method: init.method ?? (init.body !== undefined || init.form ? 'POST' : 'GET'),
    headers,
    body: init.form ?? (init.body !== undefined ? JSON.stringify(init.body) : undefined),
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

/** Uploads an invoice export and waits until the import has finished. */
export async function uploadInvoices(
  baseUrl: string,
  token: string,
  firmId: number,
  file: string,
): Promise<ImportOutcome> {
  const form = new FormData();
  form.append('firmId', String(firmId));
  form.append('kind', 'invoice');
  form.append('file', new Blob([await readFile(file)]), path.basename(file));
  const outcome = await callApi<ImportOutcome>(baseUrl, token, '/api/CsbFirmCertification/fileUpload?wait=true', {
    form,
  });
  if (outcome.status !== 'done') throw new Error(`导入未完成：${outcome.status}`);
  return outcome;
}
