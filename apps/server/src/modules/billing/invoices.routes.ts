import {
  invoiceIdSchema,
  invoiceListQuerySchema,
  invoiceRecordSchema,
  invoiceRequestResultSchema,
  invoiceRequestSchema,
  orderSchema,
  pageQuerySchema,
  pageSchema,
} from '@taxlens/shared';
import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../../app.js';
import { envelope, ok } from '../../lib/envelope.js';
import { sendPdf } from '../../lib/send-file.js';
import { sessionOf } from '../../plugins/access.js';
import { actorOf } from '../accounts/accounts.service.js';
import { INVOICE_PAGES } from './billing.policy.js';
import { invoiceList, invoicePdf, requestInvoice } from './invoices.service.js';
import { invoiceableOrders } from './orders.service.js';

const tags = ['Order'];
const actor = (request: FastifyRequest) => actorOf(sessionOf(request));

/** Purchase invoices of /my/ticket: request, list, download the issued PDF. */
export async function invoicesRoutes(app: AppInstance) {
  app.post(
    '/api/Order/invoice',
    {
      config: { access: INVOICE_PAGES },
      schema: {
        tags,
        summary: '为已支付订单申请发票（普票/专票）',
        body: invoiceRequestSchema,
        response: { 200: envelope(invoiceRequestResultSchema) },
      },
    },
    async (request) => ok(await requestInvoice(app.db, actor(request), request.body), '申请已提交'),
  );

  app.get(
    '/api/Order/findInvoiceableOrders',
    {
      config: { access: INVOICE_PAGES },
      schema: {
        tags,
        summary: '可开票订单（已支付且未申请发票）',
        querystring: pageQuerySchema,
        response: { 200: envelope(pageSchema(orderSchema)) },
      },
    },
    async (request) => ok(await invoiceableOrders(app.db, actor(request), request.query)),
  );

  app.get(
    '/api/Order/findInvoiceRecord',
    {
      config: { access: INVOICE_PAGES },
      schema: {
        tags,
        summary: '发票申请记录（待开票/已开票/已驳回）',
        querystring: invoiceListQuerySchema,
        response: { 200: envelope(pageSchema(invoiceRecordSchema)) },
      },
    },
    async (request) => {
      const { page, size, ...filters } = request.query;
      return ok(await invoiceList(app.db, actor(request), filters, { page, size }));
    },
  );

  app.get(
    '/api/Order/invoicePdf',
    {
      config: { access: INVOICE_PAGES },
      schema: { tags, summary: '下载已开具的发票 PDF', querystring: invoiceIdSchema },
    },
    async (request, reply) => {
      const file = await invoicePdf(app.db, app.storage, actor(request), request.query.id);
      return sendPdf(reply, file.fileName, file.stream);
    },
  );
}
