/** spec §7 aisino/invoice/ocr/* (read a file; check it) and the operator's charge of a check. */
import { randomUUID } from 'node:crypto';
import { InvoiceReadError, readInvoiceFile } from '@taxlens/engine/verification';
import { checkBatchSchema } from '@taxlens/shared';
import { z } from 'zod';
import type { AppInstance } from '../../app.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { envelope, ok } from '../../lib/envelope.js';
import { operatorAccess, sessionOf } from '../../plugins/access.js';
import { adjustWallet } from '../billing/operator.service.js';
import { CHECK_CREDIT_ASSET } from '../billing/wallet.repo.js';
import { chargeFor } from './verification.charge.js';
import { readUploads } from './verification.files.js';
import { setPrice, shanghaiToday } from './verification.repo.js';
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
  /** A group's own setting; omitted or null sets the default of every group without one. */
  groupId: z.number().int().positive().nullable().optional(),
  /** Fen; null removes a group's own setting (it then pays as the default says). */
  priceFen: z.number().int().min(0, '价格不能为负').max(10_000_000).nullable(),
  /** 'price' (default): the price from the balance; 'credit': one 发票鉴伪次数 a check. */
  chargeMode: z.enum(['price', 'credit'], { error: '计费方式应为 price 或 credit' }).optional(),
});

const chargeSchema = z.object({ priceFen: z.number().int(), chargeMode: z.enum(['price', 'credit']) });

const creditsBodySchema = z.object({
  userId: z.number().int().positive(),
  /** Check credits to add (positive) or take back (negative). */
  delta: z
    .number()
    .int()
    .refine((value) => value !== 0, '调整次数不能为 0'),
  reason: z.string().trim().min(1, '请填写调整原因').max(200),
});

export async function operatorPriceRoutes(app: AppInstance) {
  app.post(
    '/api/operator/verification/price',
    {
      config: { access: operatorAccess('ops') },
      schema: {
        tags: ['operator'],
        summary:
          '设置发票鉴伪计费：每张价格（分）或按次数扣费；默认设置，或某集团的专属设置（priceFen 为 null 删除专属设置）',
        body: priceBodySchema,
        response: { 200: envelope(chargeSchema) },
      },
    },
    async (request) => {
      const { groupId = null, priceFen, chargeMode } = request.body;
      if (groupId === null && priceFen === null) throw new AppError('VALIDATION', '默认价格不能为空');
      if (groupId !== null) {
        const group = await app.db.selectFrom('groups').select('id').where('id', '=', groupId).executeTakeFirst();
        if (!group) throw notFound('集团不存在');
      }
      await setPrice(app.db, groupId, priceFen, chargeMode ?? 'price');
      const charge = await chargeFor(app.db, groupId);
      return ok({ priceFen: charge.priceFen, chargeMode: charge.mode });
    },
  );

  app.post(
    '/api/operator/verification/credits',
    {
      config: { access: operatorAccess('finance') },
      schema: {
        tags: ['operator'],
        summary: '调整账号的发票鉴伪次数（记一条流水；不可调为负数）',
        body: creditsBodySchema,
      },
    },
    async (request) => {
      const { userId, delta, reason } = request.body;
      const moved = await adjustWallet(app.db, sessionOf(request).userId, {
        userId,
        asset: CHECK_CREDIT_ASSET,
        delta,
        reason,
      });
      return ok({ checkCredits: moved.after }, '已调整');
    },
  );
}
