import { findingInvoiceRowSchema } from '@taxlens/shared';
import { z } from 'zod';
import type { AppInstance } from '../../app.js';
import { envelope, ok } from '../../lib/envelope.js';
import { sendXlsx } from '../../lib/send-file.js';
import { buildXlsx } from '../../lib/xlsx-export.js';
import { sessionOf } from '../../plugins/access.js';
import { actorOf } from '../accounts/accounts.service.js';
import { FINDING_INVOICE_COLUMNS, findingInvoices } from './finding-invoices.service.js';

const tags = ['reports'];
const base = '/api/ReportPool';
const query = z.object({
  id: z.coerce.number().int().positive(),
  ruleId: z.string().min(1).max(60),
  keyword: z.string().max(60).optional(),
  direction: z.enum(['sales', 'purchase']).optional(),
});
const rowSchema = findingInvoiceRowSchema;

/** A finding's drill-down: the invoice rows behind it, filterable, and the same rows as Excel. */
export async function findingInvoicesRoutes(app: AppInstance) {
  app.get(
    `${base}/findingInvoices`,
    {
      config: { access: { permission: null } },
      schema: {
        tags,
        summary: '发现所涉发票明细（开票时间、对方、货物、金额、状态）',
        querystring: query,
        response: {
          200: envelope(z.object({ rows: z.array(rowSchema), total: z.number(), listed: z.number() })),
        },
      },
    },
    async (request) => {
      const { id, ruleId, ...filter } = request.query;
      return ok(await findingInvoices(app.db, actorOf(sessionOf(request)), id, ruleId, filter));
    },
  );

  app.get(
    `${base}/exportFindingInvoices`,
    {
      config: { access: { permission: null } },
      schema: { tags, summary: '导出发现所涉发票明细（Excel）', querystring: query },
    },
    async (request, reply) => {
      const { id, ruleId, ...filter } = request.query;
      const { rows } = await findingInvoices(app.db, actorOf(sessionOf(request)), id, ruleId, filter);
      return sendXlsx(reply, `发现所涉发票-${id}.xlsx`, await buildXlsx('所涉发票', FINDING_INVOICE_COLUMNS, rows));
    },
  );
}
