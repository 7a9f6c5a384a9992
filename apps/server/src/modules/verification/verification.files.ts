/** Uploaded files → invoice records: invoice files one each, an Excel manual list one per row. */
import {
  InvoiceReadError,
  type InvoiceRecord,
  ManualEntryError,
  manualFace,
  readInvoiceFile,
  readManualList,
} from '@taxlens/engine/verification';
import { INVOICE_CHECK_LIMITS } from '@taxlens/shared';
import type { Rejected } from './verification.service.js';

export interface UploadedFile {
  name: string;
  bytes: Buffer;
}

const isWorkbook = (name: string) => /\.xlsx$/i.test(name);

export async function readUploads(
  files: UploadedFile[],
  today: string,
): Promise<{ records: InvoiceRecord[]; rejected: Rejected[] }> {
  const records: InvoiceRecord[] = [];
  const rejected: Rejected[] = [];
  for (const file of files) {
    if (isWorkbook(file.name)) {
      await readList(file, today, records, rejected);
      continue;
    }
    try {
      records.push(await readInvoiceFile(file.name, file.bytes));
    } catch (error) {
      if (!(error instanceof InvoiceReadError)) throw error;
      rejected.push({ name: file.name, reason: error.message });
    }
  }
  return { records, rejected };
}

async function readList(file: UploadedFile, today: string, records: InvoiceRecord[], rejected: Rejected[]) {
  let rows: Awaited<ReturnType<typeof readManualList>>;
  try {
    rows = await readManualList(file.bytes);
  } catch (error) {
    if (!(error instanceof ManualEntryError)) throw error;
    rejected.push({ name: file.name, reason: error.message });
    return;
  }
  if (rows.length === 0) {
    rejected.push({ name: file.name, reason: '清单中没有发票，请按模板填写后上传' });
    return;
  }
  if (rows.length > INVOICE_CHECK_LIMITS.maxListRows) {
    rejected.push({ name: file.name, reason: `清单最多${INVOICE_CHECK_LIMITS.maxListRows}行，请分批上传` });
    return;
  }
  for (const row of rows) {
    const sourceName = `${file.name} 第${row.row}行`;
    try {
      records.push({ face: manualFace(row.input, today), format: 'excel', layer: 'excel', sourceName, notes: [] });
    } catch (error) {
      if (!(error instanceof ManualEntryError)) throw error;
      rejected.push({ name: sourceName, reason: `${error.code} ${error.message}` });
    }
  }
}
