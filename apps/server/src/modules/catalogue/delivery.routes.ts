import {
  isShopScene,
  phoneSchema,
  RISK_KINDS,
  RISK_LABELS,
  type RiskKind,
  SHOP_KIND_OF_SCENE,
  SHOP_MESSAGES,
  SHOP_PAGE_SIZE,
  SHOP_SCENES,
  type ShopScene,
} from '@taxlens/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../app.js';
import { AppError } from '../../lib/app-error.js';
import { ok } from '../../lib/envelope.js';
import { type RouteAccess, sessionOf } from '../../plugins/access.js';
import { actorOf } from '../accounts/accounts.service.js';
import { ownerFilter } from '../billing/billing.policy.js';
import { companyDataProvider } from '../companydata/company-data.js';
import { dataServiceCheck } from '../dataview-map/data-right.js';
import { dataServices, present, recommendedItems, shelfItem, shelfPage } from './catalogue.repo.js';
import { insertRequest, listRequests } from './requests.repo.js';
import { shopRoutes } from './shop.routes.js';

const tags = ['data-view'];
const BASE = '/api/DataServerDelivery';
/** Any member of a group with the data service: the catalogue and the group's own requests. */
const MEMBER: RouteAccess = { permission: null };
const id = z.coerce.number({ error: '参数错误' }).int().positive();

const scene = z.enum(SHOP_SCENES, { error: '参数错误' }).optional();

/** The shop scene of a call (?scene= or body.scene), read before validation; null for the data view. */
export function sceneOf(request: FastifyRequest): ShopScene | null {
  const value =
    (request.query as { scene?: unknown } | undefined)?.scene ?? (request.body as { scene?: unknown } | null)?.scene;
  return isShopScene(value) ? value : null;
}

/**
 * The data view's calls need the data service (they rank by the clients' risk data); the product
 * centre and the mall (scene product|mall) are open to every member of a group: they read only the
 * shelf, never risk data.
 */
async function catalogueCheck(request: FastifyRequest): Promise<void> {
  if (sceneOf(request)) return;
  await dataServiceCheck(request);
}

const submitBody = z.object({
  deliveryId: id,
  contactName: z.string({ error: '请输入联系人' }).trim().min(1, '请输入联系人').max(20, '联系人最多20个字'),
  contactPhone: phoneSchema,
  creditCode: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[0-9A-Z]{15,20}$/, '统一社会信用代码格式不正确')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  remark: z.string().trim().max(200, '备注最多200个字').optional(),
  scene,
});

/**
 * DataServerDelivery (spec §7: recommend, by label, details, submitInfo). Without a scene: the data
 * view's data services, recommend ranking them by the risk lists the firm's bound client companies
 * (or one chosen company) are on now. With scene product|mall: the product centre's and the mall's
 * shelf (the operator's recommendations, label and keyword filter, pages), inquiries and purchases.
 */
export async function deliveryRoutes(app: AppInstance) {
  const options = (summary: string, extra: object) => ({
    config: { access: MEMBER },
    preValidation: catalogueCheck,
    schema: { tags, summary, ...extra },
  });

  app.get(
    `${BASE}/recommend`,
    options('按客户企业的风险推荐数据服务', {
      querystring: z.object({ creditCode: submitBody.shape.creditCode, scene }),
    }),
    async (request) => {
      const shop = sceneOf(request);
      if (shop) return ok({ list: (await recommendedItems(app.db, SHOP_KIND_OF_SCENE[shop])).map(present) });
      const groupId = request.session?.groupId ?? 0;
      const { creditCode } = request.query as { creditCode?: string };
      const provider = companyDataProvider(app.db);
      // Companies on each list now: the chosen one, else the group's bound clients.
      const listed = new Map<string, number>();
      if (creditCode) {
        const today = new Date().toISOString().slice(0, 10);
        const records = await provider.risks(creditCode);
        for (const kind of new Set(records.filter((r) => !r.removedOn || r.removedOn > today).map((r) => r.kind)))
          listed.set(kind, 1);
      } else {
        const firms = await app.db
          .selectFrom('companies')
          .select('tax_no')
          .where('group_id', '=', groupId)
          .limit(2000)
          .execute();
        const facts = await provider.counterparties(firms.map((firm) => firm.tax_no));
        for (const fact of facts.values())
          for (const kind of fact.listedOn) listed.set(kind, (listed.get(kind) ?? 0) + 1);
      }
      const items = (await dataServices(app.db)).map((row) => {
        const hits = row.risk_kinds.filter((kind) => listed.has(kind));
        const companies = Math.max(0, ...hits.map((kind) => listed.get(kind) ?? 0));
        const reason =
          hits.length === 0
            ? null
            : `${creditCode ? '该企业' : `${companies} 家客户企业`}在${hits.map((kind) => RISK_LABELS[kind as RiskKind]).join('、')}名单上`;
        return { ...present(row), matched: hits.length, reason };
      });
      items.sort((a, b) => b.matched - a.matched);
      return ok({
        basis: creditCode ? 'company' : 'clients',
        listedKinds: RISK_KINDS.filter((kind) => listed.has(kind)).map((kind) => ({
          kind,
          label: RISK_LABELS[kind],
          companies: listed.get(kind) ?? 0,
        })),
        list: items,
      });
    },
  );

  const labelQuery = z.object({
    label: z.string().trim().max(20).optional(),
    keyword: z.string().trim().max(40, '关键词最多40个字').optional(),
    page: z.coerce.number().int().min(1).default(1),
    size: z.coerce.number().int().min(1).max(50).default(SHOP_PAGE_SIZE),
    scene,
  });
  app.get(
    `${BASE}/findByLabel`,
    options('按标签列出数据服务；scene 为产品中心/商城时按标签与关键词分页', { querystring: labelQuery }),
    async (request) => {
      const { label, keyword, page, size } = request.query as z.infer<typeof labelQuery>;
      const shop = sceneOf(request);
      if (shop) return ok(await shelfPage(app.db, { kind: SHOP_KIND_OF_SCENE[shop], label, keyword, page, size }));
      const rows = await dataServices(app.db);
      return ok({
        labels: [...new Set(rows.map((row) => row.label))],
        list: rows.filter((row) => !label || row.label === label).map(present),
      });
    },
  );

  app.get(`${BASE}/details`, options('数据服务详情', { querystring: z.object({ id, scene }) }), async (request) => {
    const { id: deliveryId } = request.query as { id: number };
    const shop = sceneOf(request);
    const row = await shelfItem(app.db, deliveryId, shop ? SHOP_KIND_OF_SCENE[shop] : null);
    if (!row) throw new AppError('NOT_FOUND', shop ? SHOP_MESSAGES.itemMissing : '该数据服务不存在或已下架');
    return ok(present(row));
  });

  app.post(
    `${BASE}/submitInfo`,
    options('提交数据服务需求或商品咨询（客户经理跟进）', { body: submitBody }),
    async (request) => {
      const body = request.body as z.infer<typeof submitBody>;
      const session = request.session;
      if (!session?.groupId) throw new AppError('NOT_GROUP_USER');
      const shop = sceneOf(request);
      const delivery = await shelfItem(app.db, body.deliveryId, shop ? SHOP_KIND_OF_SCENE[shop] : null);
      if (!delivery) throw new AppError('NOT_FOUND', shop ? SHOP_MESSAGES.itemMissing : '该数据服务不存在或已下架');
      let companyName: string | null = null;
      if (body.creditCode) {
        const profile = await companyDataProvider(app.db).profile(body.creditCode);
        if (!profile) throw new AppError('VALIDATION', '未找到该企业，请核对统一社会信用代码');
        companyName = profile.name;
      }
      const requestId = await insertRequest(app.db, {
        groupId: session.groupId,
        userId: session.userId,
        ...body,
        companyName,
      });
      return ok({ id: requestId }, SHOP_MESSAGES.inquired);
    },
  );

  /** The data view: the group's requests. A shop scene: like billing's orders, the main account sees the group's, others their own. */
  const scopeOf = (request: FastifyRequest, extra: { id?: number } = {}) => {
    const actor = actorOf(sessionOf(request));
    const shop = sceneOf(request);
    if (!shop) return { groupId: actor.groupId, ...extra };
    return { groupId: actor.groupId, userId: ownerFilter(actor), itemKind: SHOP_KIND_OF_SCENE[shop], ...extra };
  };

  app.get(
    `${BASE}/submitList`,
    options('本集团提交的数据服务需求；scene 为产品中心/商城时为我的订单与咨询', {
      querystring: z.object({ scene }),
    }),
    async (request) => ok(await listRequests(app.db, scopeOf(request))),
  );

  app.get(
    `${BASE}/findSubmitInfo`,
    options('一条数据服务需求（仅本集团）', { querystring: z.object({ id, scene }) }),
    async (request) => {
      const { id: requestId } = request.query as { id: number };
      const [row] = await listRequests(app.db, scopeOf(request, { id: requestId }), 1);
      if (!row) throw new AppError('NOT_FOUND', sceneOf(request) ? SHOP_MESSAGES.requestMissing : undefined);
      return ok(row);
    },
  );

  await shopRoutes(app);
}
