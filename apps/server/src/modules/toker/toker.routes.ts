import { pageQuerySchema, pageSchema, prospectSchema, TOKER_PAGE_SIZE, tokerFiltersSchema } from '@taxlens/shared';
import { z } from 'zod';
import type { AppInstance } from '../../app.js';
import { emptyEnvelope, envelope, ok } from '../../lib/envelope.js';
import { sendXlsx } from '../../lib/send-file.js';
import { sessionOf } from '../../plugins/access.js';
import { actorOf } from '../accounts/accounts.service.js';
import { hasUsageRight, tokerPlanOf } from './toker.charge.js';
import { exportList } from './toker.export.js';
import {
  assignProspects,
  deleteList,
  listLists,
  listProspects,
  prospectRows,
  saveProspects,
  updateProspect,
} from './toker.lists.js';
import { newSearch, searchPage, usageDetail } from './toker.service.js';

const tags = ['toker'];
const base = '/api/TokerUserInfo';
const ZNTK = { permission: 'zntk' } as const;
const TK = { permission: 'tk' } as const;
const id = z.coerce.number().int().positive();
const statusKey = z.enum(['new', 'contacted', 'interested', 'signed', 'declined'], { error: '请选择正确的跟进状态' });
const resultSchema = z.object({
  searchId: z.number().int(),
  paidWith: z.enum(['price', 'credit', 'free']),
  cost: z.number().int(),
  total: z.number().int(),
  capped: z.boolean(),
  page: z.number().int(),
  size: z.number().int(),
  list: z.array(prospectSchema),
});
const prospectItemSchema = prospectSchema.extend({
  id: z.number().int(),
  listId: z.number().int(),
  listName: z.string(),
  status: z.string(),
  note: z.string(),
  assigneeId: z.number().int().nullable(),
  assigneeName: z.string().nullable(),
  updatedAt: z.string(),
});
const pageSize = z.coerce.number().int().min(1).max(50).default(TOKER_PAGE_SIZE);

/** Leads (智能拓客, spec §7 /api/TokerUserInfo/*): zntk searches, tk works the lists, useDetail reads usage. */
export async function tokerRoutes(app: AppInstance) {
  app.get(
    `${base}/findTokerConfig`,
    {
      config: { access: ZNTK },
      schema: {
        tags,
        summary: '智能拓客计费方式、单价、导出上限、剩余拓客次数与使用权限',
        response: {
          200: envelope(
            z.object({
              chargeMode: z.enum(['price', 'credit']),
              searchPriceFen: z.number().int(),
              exportLimit: z.number().int(),
              tokerCredits: z.number().int(),
              usageRight: z.boolean(),
              dataAsOf: z.string().nullable(),
              companies: z.number().int(),
            }),
          ),
        },
      },
    },
    async (request) => {
      const actor = actorOf(sessionOf(request));
      const [plan, wallet, usageRight, data] = await Promise.all([
        tokerPlanOf(app.db, actor.groupId),
        app.db.selectFrom('wallets').select('toker_credits').where('user_id', '=', actor.userId).executeTakeFirst(),
        hasUsageRight(app.db, actor.groupId),
        app.db
          .selectFrom('cd_datasets')
          .select([(eb) => eb.fn.max('as_of').as('as_of'), (eb) => eb.fn.sum<string>('row_count').as('rows')])
          .where('list_key', '=', 'companies')
          .where('status', '=', 'active')
          .executeTakeFirst(),
      ]);
      const asOf = data?.as_of as Date | string | null | undefined;
      return ok({
        ...plan,
        tokerCredits: Number(wallet?.toker_credits ?? 0),
        usageRight,
        dataAsOf: asOf ? (typeof asOf === 'string' ? asOf : asOf.toISOString().slice(0, 10)) : null,
        companies: Number(data?.rows ?? 0),
      });
    },
  );

  app.post(
    `${base}/search`,
    {
      config: { access: ZNTK },
      schema: {
        tags,
        summary: '按地区、行业、规模、成立年限、登记状态与风险信号搜索拓客对象（至少一个筛选条件；按次计费）',
        body: tokerFiltersSchema.extend({ pageSize }),
        response: { 200: envelope(resultSchema) },
      },
    },
    async (request) => {
      const { pageSize: size, ...filters } = request.body;
      return ok(await newSearch(app.db, app.databaseUrl, actorOf(sessionOf(request)), filters, size));
    },
  );

  app.get(
    `${base}/findSearchPage`,
    {
      config: { access: ZNTK },
      schema: {
        tags,
        summary: '已付费搜索的其他页（不再计费）',
        querystring: z.object({ searchId: id, page: z.coerce.number().int().min(1).default(1), size: pageSize }),
        response: { 200: envelope(resultSchema) },
      },
    },
    async (request) => {
      const { searchId, page, size } = request.query;
      return ok(await searchPage(app.db, app.databaseUrl, actorOf(sessionOf(request)), searchId, page, size));
    },
  );

  app.get(
    `${base}/findUseDetail`,
    {
      config: { access: { permission: 'useDetail' } },
      schema: {
        tags,
        summary: '智能拓客使用明细：每次搜索与导出的条件、结果数与费用',
        querystring: pageQuerySchema,
        response: {
          200: envelope(
            pageSchema(
              z.object({
                id: z.number().int(),
                kind: z.enum(['search', 'export']),
                summary: z.string(),
                total: z.number().int(),
                paidWith: z.enum(['price', 'credit', 'free']),
                cost: z.number().int(),
                createdAt: z.string(),
                userName: z.string(),
              }),
            ),
          ),
        },
      },
    },
    async (request) => {
      const { page, size } = request.query;
      return ok(await usageDetail(app.db, actorOf(sessionOf(request)), page, size));
    },
  );

  app.post(
    `${base}/saveList`,
    {
      config: { access: ZNTK },
      schema: {
        tags,
        summary: '把拓客对象存入名单（新建名单或加入已有名单）',
        body: z.object({
          listId: id.optional(),
          name: z.string().trim().min(1, '请输入名单名称').max(40, '名单名称最多40个字').optional(),
          creditCodes: z.array(z.string().trim().min(1)).min(1, '请选择企业').max(200, '一次最多保存 200 家'),
        }),
        response: { 200: envelope(z.object({ listId: z.number().int(), added: z.number().int() })) },
      },
    },
    async (request) => ok(await saveProspects(app.db, actorOf(sessionOf(request)), request.body), '已保存'),
  );

  app.get(
    `${base}/findListAll`,
    {
      config: { access: TK },
      schema: {
        tags,
        summary: '拓客名单列表',
        querystring: pageQuerySchema,
        response: {
          200: envelope(
            pageSchema(
              z.object({
                id: z.number().int(),
                name: z.string(),
                createdAt: z.string(),
                createdBy: z.string(),
                prospects: z.number().int(),
                contacted: z.number().int(),
              }),
            ),
          ),
        },
      },
    },
    async (request) => {
      const { page, size } = request.query;
      return ok(await listLists(app.db, actorOf(sessionOf(request)), page, size));
    },
  );

  app.get(
    `${base}/findListDetail`,
    {
      config: { access: TK },
      schema: {
        tags,
        summary: '名单内的拓客对象（跟进状态、备注、负责人）',
        querystring: pageQuerySchema.extend({ listId: id, status: statusKey.optional() }),
        response: { 200: envelope(pageSchema(prospectItemSchema)) },
      },
    },
    async (request) => {
      const { listId, status, page, size } = request.query;
      return ok(await listProspects(app.db, actorOf(sessionOf(request)), listId, status, { page, size }));
    },
  );

  app.get(
    `${base}/findMyCards`,
    {
      config: { access: TK },
      schema: {
        tags,
        summary: '分配给我的拓客对象（客户工具）',
        querystring: pageQuerySchema.extend({ status: statusKey.optional() }),
        response: { 200: envelope(pageSchema(prospectItemSchema)) },
      },
    },
    async (request) => {
      const actor = actorOf(sessionOf(request));
      const { status, page, size } = request.query;
      return ok(await prospectRows(app.db, actor, { assignedTo: actor.userId, status }, { page, size }));
    },
  );

  app.post(
    `${base}/updateProspect`,
    {
      config: { access: TK },
      schema: {
        tags,
        summary: '修改拓客对象的跟进状态与备注',
        body: z.object({
          id: z.number().int().positive(),
          status: statusKey.optional(),
          note: z.string().trim().max(500, '备注最多500个字').optional(),
        }),
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      await updateProspect(app.db, actorOf(sessionOf(request)), request.body);
      return ok(null, '已保存');
    },
  );

  app.post(
    `${base}/assignProspects`,
    {
      config: { access: { permission: 'tk', levels: [1, 2] } },
      schema: {
        tags,
        summary: '把拓客对象分配给员工（assigneeId 为 null 取消分配）',
        body: z.object({
          ids: z.array(z.number().int().positive()).min(1, '请选择客户').max(200, '一次最多分配 200 家'),
          assigneeId: z.number().int().positive().nullable(),
        }),
        response: { 200: envelope(z.object({ assigned: z.number().int() })) },
      },
    },
    async (request) => {
      const { ids, assigneeId } = request.body;
      return ok(await assignProspects(app.db, actorOf(sessionOf(request)), ids, assigneeId), '已分配');
    },
  );

  app.post(
    `${base}/deleteList`,
    {
      config: { access: TK },
      schema: { tags, summary: '删除拓客名单', body: z.object({ id: z.number().int().positive() }) },
    },
    async (request) => {
      await deleteList(app.db, actorOf(sessionOf(request)), request.body.id);
      return ok(null, '删除成功');
    },
  );

  app.get(
    `${base}/exportList`,
    {
      config: { access: TK },
      schema: { tags, summary: '导出拓客名单（Excel，受套餐导出上限限制）', querystring: z.object({ listId: id }) },
    },
    async (request, reply) => {
      const { fileName, file } = await exportList(app.db, actorOf(sessionOf(request)), request.query.listId);
      return sendXlsx(reply, fileName, file);
    },
  );
}
