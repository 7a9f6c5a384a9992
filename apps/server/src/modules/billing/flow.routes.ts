import {
  flowQuerySchema,
  ledgerEntrySchema,
  numFlowQuerySchema,
  numFlowSchema,
  pageSchema,
  transferListQuerySchema,
  transferRecordSchema,
} from '@taxlens/shared';
import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../../app.js';
import { envelope, ok } from '../../lib/envelope.js';
import { sendXlsx } from '../../lib/send-file.js';
import { sessionOf } from '../../plugins/access.js';
import { actorOf } from '../accounts/accounts.service.js';
import { MY_PAGES } from './billing.policy.js';
import { exportFlow, exportNumFlow } from './flow.export.js';
import { flowRecord, giveRecord, givingRecord, numFlow } from './flow.service.js';

const actor = (request: FastifyRequest) => actorOf(sessionOf(request));

export async function flowRoutes(app: AppInstance) {
  app.get(
    '/api/UserAssets/flowRecord',
    {
      config: { access: MY_PAGES },
      schema: {
        tags: ['UserAssets'],
        summary: '账户流水（每条含变动后余额/次数）',
        querystring: flowQuerySchema,
        response: { 200: envelope(pageSchema(ledgerEntrySchema)) },
      },
    },
    async (request) => {
      const { page, size, ...query } = request.query;
      return ok(await flowRecord(app.db, actor(request), query, { page, size }));
    },
  );

  app.get(
    '/api/UserFlow/getNumFlowByOption',
    {
      config: { access: MY_PAGES },
      schema: {
        tags: ['UserFlow'],
        summary: '次数流水（按类型、原因、日期筛选）及各类型收支合计',
        querystring: numFlowQuerySchema,
        response: { 200: envelope(numFlowSchema) },
      },
    },
    async (request) => {
      const { page, size, ...query } = request.query;
      return ok(await numFlow(app.db, actor(request), query, { page, size }));
    },
  );

  app.get(
    '/api/UserAssets/exportFlowRecord',
    {
      config: { access: MY_PAGES },
      schema: { tags: ['UserAssets'], summary: '导出账户流水（Excel，筛选同账户流水）', querystring: flowQuerySchema },
    },
    async (request, reply) => {
      const { page: _page, size: _size, ...query } = request.query;
      return sendXlsx(reply, '账户流水.xlsx', await exportFlow(app.db, actor(request), query));
    },
  );

  app.get(
    '/api/UserFlow/exportNumFlow',
    {
      config: { access: MY_PAGES },
      schema: { tags: ['UserFlow'], summary: '导出次数流水（Excel，筛选同次数流水）', querystring: numFlowQuerySchema },
    },
    async (request, reply) => {
      const { page: _page, size: _size, ...query } = request.query;
      return sendXlsx(reply, '次数流水.xlsx', await exportNumFlow(app.db, actor(request), query));
    },
  );

  app.get(
    '/api/UserFlow/giveRecord',
    {
      config: { access: MY_PAGES },
      schema: {
        tags: ['UserFlow'],
        summary: '某账户的划拨与收回记录（方向以该账户为准）',
        querystring: transferListQuerySchema,
        response: { 200: envelope(pageSchema(transferRecordSchema)) },
      },
    },
    async (request) => {
      const { page, size, ...query } = request.query;
      return ok(await giveRecord(app.db, actor(request), query, { page, size }));
    },
  );

  app.get(
    '/api/userInfo/findGivingRecord',
    {
      config: { access: MY_PAGES },
      schema: {
        tags: ['userInfo'],
        summary: '划拨记录（主账号看全集团，主管看自己经手的，员工看自己的）',
        querystring: transferListQuerySchema,
        response: { 200: envelope(pageSchema(transferRecordSchema)) },
      },
    },
    async (request) => {
      const { page, size, ...query } = request.query;
      return ok(await givingRecord(app.db, actor(request), query, { page, size }));
    },
  );
}
