import { firmIdSchema, pageQuerySchema } from '@taxlens/shared';
import { z } from 'zod';
import type { AppInstance } from '../../app.js';
import { notFound } from '../../lib/app-error.js';
import { ok } from '../../lib/envelope.js';
import { type RouteAccess, sessionOf } from '../../plugins/access.js';
import type { Actor } from '../accounts/accounts.policy.js';
import { actorOf } from '../accounts/accounts.service.js';
import { requireCompany } from '../companies/companies.service.js';
import { listedCounterparties, listedCounterpartyDetails } from './invoice-violation.js';

const tags = ['invoice-violation'];
/** The query reads the company's imported invoices, as the invoice penetration report does. */
const ACCESS: RouteAccess = { permission: 'invoiceThrough' };

/** A group whose invoice-violation switch is '1' does not have the query at all: 404, as its pages. */
async function assertQueryOpen(app: AppInstance, actor: Actor) {
  const group = await app.db
    .selectFrom('groups')
    .select('out_of_line_invoice_switch')
    .where('id', '=', actor.groupId)
    .executeTakeFirstOrThrow();
  if (group.out_of_line_invoice_switch === '1') throw notFound('发票违规查询未开放');
}

export async function invoiceViolationRoutes(app: AppInstance) {
  app.get(
    '/api/report/findGetOutOfLineInvoiceRecord',
    {
      config: { access: ACCESS },
      schema: {
        tags,
        summary: '发票违规查询：本企业发票中对方为非正常户、重大税收违法、D级、经营异常等的对方单位',
        querystring: pageQuerySchema.extend(firmIdSchema.shape),
      },
    },
    async (request) => {
      const actor = actorOf(sessionOf(request));
      await assertQueryOpen(app, actor);
      const company = await requireCompany(app.db, actor, request.query.firmId);
      const all = await listedCounterparties(app.db, actor.groupId, company.id);
      const { page, size } = request.query;
      return ok({
        firm: { firmId: company.id, taxpayerName: company.taxpayer_name, taxNo: company.tax_no },
        list: all.slice((page - 1) * size, page * size),
        total: all.length,
        totalFen: all.reduce((sum, row) => sum + row.totalFen, 0),
        page,
        size,
      });
    },
  );

  app.get(
    '/api/report/findGetOutOfLineInvoiceDetails',
    {
      config: { access: ACCESS },
      schema: {
        tags,
        summary: '发票违规查询详情：与某对方单位的发票、对方被列入的名单及处理建议',
        querystring: firmIdSchema.extend({ taxNo: z.string().trim().min(15).max(20) }),
      },
    },
    async (request) => {
      const actor = actorOf(sessionOf(request));
      await assertQueryOpen(app, actor);
      const company = await requireCompany(app.db, actor, request.query.firmId);
      const taxNo = request.query.taxNo.toUpperCase();
      return ok(await listedCounterpartyDetails(app.db, actor.groupId, company.id, taxNo));
    },
  );
}
