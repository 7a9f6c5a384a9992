/**
 * The spec's status calls around authorised collection (§7): how many collections the group may
 * still start (findAvailableTerminalNum), the company's last collection and the months worth
 * collecting next (financeAssistTime), where each kind of its data came from (reportDataSource), and
 * whether collecting its financial data is worth suggesting (financeIsRecommend). All read-only.
 */
import { firmIdSchema } from '@taxlens/shared';
import type { AppInstance } from '../../app.js';
import { ok } from '../../lib/envelope.js';
import { sessionOf } from '../../plugins/access.js';
import { actorOf } from '../accounts/accounts.service.js';
import { requireCompany } from '../companies/companies.service.js';
import { dataTimeline } from '../imports/coverage/coverage.service.js';
import { connectorDeps, NOT_CONFIGURED } from './collection.routes.js';
import { activeSessions, presentSession } from './collection.service.js';
import { dataSources, suggestedPeriods } from './data-sources.js';

const tags = ['collection'];
const MANAGE = { permission: 'firmManage' } as const;
/** Kinds a report needs a whole year of; a missing year of any of them makes collection worth suggesting. */
const FINANCE_KINDS = ['balance_sheet', 'income_statement', 'vat_return', 'cit_return'];

export async function collectionStatusRoutes(app: AppInstance) {
  const deps = connectorDeps(app);
  const company = async (request: { query?: unknown; body?: unknown }, firmId: number) =>
    requireCompany(app.db, actorOf(sessionOf(request as never)), firmId);

  app.get(
    '/api/report/findAvailableTerminalNum',
    { config: { access: MANAGE }, schema: { tags, summary: '本集团还可同时发起的授权采集数' } },
    async (request) => {
      if (!deps) return ok({ configured: false, limit: 0, running: 0, available: 0, message: NOT_CONFIGURED });
      const running = await activeSessions(deps, actorOf(sessionOf(request)).groupId);
      return ok({
        configured: true,
        limit: deps.maxSessions,
        running,
        available: Math.max(0, deps.maxSessions - running),
        message: null,
      });
    },
  );

  app.get(
    '/api/report/financeAssistTime',
    {
      config: { access: MANAGE },
      schema: { tags, summary: '企业最近一次授权采集，以及建议采集的期间', querystring: firmIdSchema },
    },
    async (request) => {
      const target = await company(request, request.query.firmId);
      const last = await app.db
        .selectFrom('collection_sessions')
        .selectAll()
        .where('company_id', '=', target.id)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirst();
      const timeline = await dataTimeline(app.db, target.group_id, target.id);
      return ok({
        configured: deps !== null,
        lastCollection: last
          ? {
              ...presentSession(last),
              periodFrom: last.period_from,
              periodTo: last.period_to,
              createdAt: new Date(last.created_at).toISOString(),
            }
          : null,
        ...suggestedPeriods(timeline.lastMonth, new Date()),
      });
    },
  );

  app.post(
    '/api/BusinessPanoramicReport/reportDataSource',
    {
      config: { access: MANAGE },
      schema: { tags, summary: '企业各类数据的来源（文件导入、客户上传或授权采集）', body: firmIdSchema },
    },
    async (request) => {
      const target = await company(request, request.body.firmId);
      return ok({ list: await dataSources(app.db, target.group_id, target.id) });
    },
  );

  app.get(
    '/api/BusinessPanoramicReport/financeIsRecommend',
    {
      config: { access: MANAGE },
      schema: { tags, summary: '是否建议授权采集（上一年度财务数据不全时）', querystring: firmIdSchema },
    },
    async (request) => {
      const target = await company(request, request.query.firmId);
      const year = String(new Date().getFullYear() - 1);
      const timeline = await dataTimeline(app.db, target.group_id, target.id);
      const missing = timeline.rows
        .filter((row) => FINANCE_KINDS.includes(row.key))
        .filter((row) => !row.months.some((entry) => entry.month.startsWith(year)))
        .map((row) => row.label);
      const reason =
        missing.length === 0
          ? `${year} 年的财务报表和申报表已齐全`
          : `缺少 ${year} 年的${missing.join('、')}，${deps ? '建议授权采集' : '请上传文件或把客户上传链接发给客户'}`;
      return ok({ recommend: deps !== null && missing.length > 0, missing, reason });
    },
  );
}
