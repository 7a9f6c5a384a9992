/** spec §7 aisino/invoice/ocr/*: read a file; check it. */
import { randomUUID } from 'node:crypto';
import { InvoiceReadError, readInvoiceFile } from '@taxlens/engine/verification';
import { checkBatchSchema } from '@taxlens/shared';
import type { AppInstance } from '../../app.js';
import { AppError } from '../../lib/app-error.js';
import { envelope, ok } from '../../lib/envelope.js';
import { readUploads } from './verification.files.js';
import { shanghaiToday } from './verification.repo.js';
import { ACCESS, readFiles, scopeOf, TAGS } from './verification.routes.js';
import { checkBatch, type VerificationDeps } from './verification.service.js';

export async function ocrRoutes(app: AppInstance, deps: VerificationDeps) {
  const ocr = '/api/BusinessPanoramicReport/aisino/invoice/ocr';
  app.post(
    `${ocr}/base`,
    { config: { access: ACCESS }, schema: { tags: TAGS, summary: '读取发票文件的票面信息（不核验、不扣费）' } },
    async (request) => {
      const [file] = await readFiles(request);
      if (!file) throw new AppError('VALIDATION', '请选择要读取的发票文件');
      try {
        const record = await readInvoiceFile(file.name, file.bytes);
        return ok({ face: record.face, format: record.format, layer: record.layer, notes: record.notes });
      } catch (error) {
        if (error instanceof InvoiceReadError) throw new AppError('VALIDATION', error.message);
        throw error;
      }
    },
  );
  app.post(
    `${ocr}/verify`,
    {
      config: { access: ACCESS },
      schema: {
        tags: TAGS,
        summary: '上传发票文件核验（同 invoice/pdfFileVerify）',
        response: { 200: envelope(checkBatchSchema) },
      },
    },
    async (request) => {
      const files = await readFiles(request);
      const { records, rejected } = await readUploads(files, shanghaiToday());
      return ok(await checkBatch(deps, scopeOf(request), randomUUID(), records, rejected));
    },
  );
}
