/** spec §7 aisino/invoice/ocr/* (read a file; check it) and the operator's price of a check. */
import { randomUUID } from 'node:crypto';
import { InvoiceReadError, readInvoiceFile } from '@taxlens/engine/verification';
import { checkBatchSchema } from '@taxlens/shared';
import { z } from 'zod';
import type { AppInstance } from '../../app.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { envelope, ok } from '../../lib/envelope.js';
import { operatorAccess } from '../../plugins/access.js';
import { readUploads } from './verification.files.js';
import { priceFor, setPrice, shanghaiToday } from './verification.repo.js';
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

const priceBodySchema = z.object({
  /** A group's own price; omitted or null sets the default of every group without one. */
  groupId: z.number().int().positive().nullable().optional(),
  /** Fen; null removes a group's own price (it then pays the default). */
  priceFen: z.number().int().min(0, '价格不能为负').max(10_000_000).nullable(),
});

export async function operatorPriceRoutes(app: AppInstance) {
  app.post(
    '/api/operator/verification/price',
    {
      config: { access: operatorAccess('ops') },
      schema: {
        tags: ['operator'],
        summary: '设置发票鉴伪每张价格（分）：默认价，或某集团的专属价（null 删除专属价）',
        body: priceBodySchema,
        response: { 200: envelope(z.object({ priceFen: z.number().int() })) },
      },
    },
    async (request) => {
      const { groupId = null, priceFen } = request.body;
      if (groupId === null && priceFen === null) throw new AppError('VALIDATION', '默认价格不能为空');
      if (groupId !== null) {
        const group = await app.db.selectFrom('groups').select('id').where('id', '=', groupId).executeTakeFirst();
        if (!group) throw notFound('集团不存在');
      }
      await setPrice(app.db, groupId, priceFen);
      return ok({ priceFen: groupId === null ? (priceFen ?? 0) : await priceFor(app.db, groupId) });
    },
  );
}
