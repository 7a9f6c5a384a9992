import multipart from '@fastify/multipart';
import {
  adjustWalletSchema,
  BILLING_LIMITS,
  confirmTransferSchema,
  pendingItemsSchema,
  rejectInvoiceSchema,
  savePackageSchema,
  setGroupPriceSchema,
} from '@taxlens/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../app.js';
import { emptyEnvelope, envelope, ok } from '../../lib/envelope.js';
import { readSmallUpload } from '../../lib/small-upload.js';
import { operatorAccess, sessionOf } from '../../plugins/access.js';
import { noteAudit, writeAudit } from '../../plugins/operator-audit.js';
import {
  adjustWallet,
  issueInvoice,
  pendingItems,
  rejectInvoice,
  saveCatalogue,
  setPrice,
} from './operator.service.js';
import { confirmBankTransfer } from './payments.service.js';

const tags = ['operator'];
const base = '/api/operator/billing';
// Money movements and invoices are finance's; prices and packages are operations'.
const FINANCE = operatorAccess('finance');
const OPS = operatorAccess('ops');
const operatorId = (request: FastifyRequest) => sessionOf(request).userId;

/** The platform operator's billing console: confirmations, adjustments, invoices, prices, packages. */
export async function operatorRoutes(app: AppInstance) {
  // The app registers multipart for uploads; this keeps the module working on its own.
  if (!app.hasRequestDecorator('file')) await app.register(multipart);

  app.get(
    `${base}/pending`,
    {
      config: { access: FINANCE },
      schema: {
        tags,
        summary: '待处理：待确认的对公转账、待开具的发票',
        response: { 200: envelope(pendingItemsSchema) },
      },
    },
    async () => ok(await pendingItems(app.db)),
  );

  app.post(
    `${base}/confirmTransfer`,
    {
      config: { access: FINANCE },
      schema: {
        tags,
        summary: '确认对公转账到账（订单置为已支付并入账）',
        body: confirmTransferSchema,
        response: { 200: envelope(z.object({ orderId: z.number().int(), groupId: z.number().int() })) },
      },
    },
    async (request) => {
      const { orderId, bankSerial } = request.body;
      const prior = await app.db.selectFrom('orders').select('state').where('id', '=', orderId).executeTakeFirst();
      const confirmed = await confirmBankTransfer(app.db, operatorId(request), orderId, bankSerial);
      noteAudit(request, {
        targetType: 'order',
        targetId: orderId,
        before: { state: prior?.state ?? null },
        after: { state: 'paid', bankSerial, groupId: confirmed.groupId },
      });
      return ok(confirmed, '已确认收款');
    },
  );

  app.post(
    `${base}/adjustWallet`,
    {
      config: { access: FINANCE },
      schema: {
        tags,
        summary: '调整账户余额（分）或次数，须填原因；不会低于 0',
        body: adjustWalletSchema,
        response: { 200: envelope(z.object({ entryId: z.number().int(), after: z.number().int() })) },
      },
    },
    async (request) =>
      ok(
        await adjustWallet(app.db, operatorId(request), request.body, (tx, note) => writeAudit(tx, request, note)),
        '已调整',
      ),
  );

  app.post(
    `${base}/issueInvoice`,
    {
      config: { access: FINANCE },
      schema: {
        tags,
        summary: '开具发票：上传 PDF（multipart，字段 file），invoiceId 在查询参数中',
        querystring: z.object({ invoiceId: z.coerce.number().int().positive() }),
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      const pdf = await readSmallUpload(request, { maxBytes: BILLING_LIMITS.invoicePdfMaxBytes, what: '发票 PDF' });
      await issueInvoice(app.db, app.storage, operatorId(request), request.query.invoiceId, pdf);
      noteAudit(request, {
        targetType: 'invoice',
        targetId: request.query.invoiceId,
        before: { state: 'pending' },
        after: { state: 'issued', pdfBytes: pdf.length },
      });
      return ok(null, '已开具');
    },
  );

  app.post(
    `${base}/rejectInvoice`,
    {
      config: { access: FINANCE },
      schema: {
        tags,
        summary: '驳回发票申请（订单可重新申请）',
        body: rejectInvoiceSchema,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      await rejectInvoice(app.db, operatorId(request), request.body.invoiceId, request.body.reason);
      noteAudit(request, {
        targetType: 'invoice',
        targetId: request.body.invoiceId,
        before: { state: 'pending' },
        after: { state: 'rejected', reason: request.body.reason },
      });
      return ok(null, '已驳回');
    },
  );

  app.post(
    `${base}/setGroupPrice`,
    {
      config: { access: OPS },
      schema: {
        tags,
        summary: '设置某集团的报告单价（分）；priceFen 为 null 时恢复默认价',
        body: setGroupPriceSchema,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      const { before } = await setPrice(app.db, request.body);
      const { groupId, creditType, priceFen } = request.body;
      noteAudit(request, {
        targetType: 'group',
        targetId: groupId,
        before: { creditType, priceFen: before },
        after: { creditType, priceFen },
      });
      return ok(null, '已保存');
    },
  );

  app.post(
    `${base}/savePackage`,
    {
      config: { access: OPS },
      schema: {
        tags,
        summary: '新建或修改套餐（已下的订单保留下单时的内容）',
        body: savePackageSchema,
        response: { 200: envelope(z.number().int()) },
      },
    },
    async (request) => {
      const prior = request.body.id
        ? await app.db.selectFrom('packages').selectAll().where('id', '=', request.body.id).executeTakeFirst()
        : undefined;
      const id = await saveCatalogue(app.db, request.body);
      noteAudit(request, { targetType: 'package', targetId: id, before: prior ?? null, after: request.body });
      return ok(id, '已保存');
    },
  );
}
