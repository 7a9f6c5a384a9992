import { sql } from 'kysely';
import { z } from 'zod';
import type { AppInstance } from '../../../app.js';
import { ok } from '../../../lib/envelope.js';
import { operatorAccess } from '../../../plugins/access.js';
import { companyDataProvider } from '../company-data.js';

const querySchema = z.object({
  days: z.coerce
    .number({ error: '天数应为1到366的整数' })
    .int()
    .min(1, '天数应为1到366的整数')
    .max(366, '天数应为1到366的整数')
    .default(30),
});

/**
 * The operator's view of the commercial provider's cost log: calls, errors and cost per endpoint
 * over the last days, the latest calls, and how many answers the cache holds.
 */
export async function vendorCallsRoutes(app: AppInstance) {
  app.get(
    '/api/operator/companyData/vendorCalls',
    {
      // Operations watches the outside service (calls, refusals, cost per day); the data team that
      // imports the lists sees it on its dataset page, and finance pays the vendor's bills.
      config: { access: operatorAccess('ops', 'content', 'finance') },
      schema: { tags: ['operator'], summary: '企业数据商业接口的调用与费用记录', querystring: querySchema },
    },
    async (request) => {
      const since = sql<Date>`now() - make_interval(days => ${request.query.days})`;
      const [byEndpoint, recent, cache] = await Promise.all([
        app.db
          .selectFrom('cd_vendor_calls')
          .select([
            'provider',
            'endpoint',
            sql<number>`count(*)::int`.as('calls'),
            sql<number>`count(*) FILTER (WHERE outcome = 'error')::int`.as('errors'),
            sql<number>`coalesce(sum(cost_fen), 0)::int`.as('costFen'),
          ])
          .where('created_at', '>', since)
          .groupBy(['provider', 'endpoint'])
          .orderBy('costFen', 'desc')
          .execute(),
        app.db
          .selectFrom('cd_vendor_calls')
          .select([
            'id',
            'endpoint',
            'keyword',
            'outcome',
            'error_code as errorCode',
            'cost_fen as costFen',
            'duration_ms as durationMs',
            sql<string>`to_char(created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS')`.as('createdAt'),
          ])
          .orderBy('id', 'desc')
          .limit(50)
          .execute(),
        app.db.selectFrom('cd_vendor_cache').select(sql<number>`count(*)::int`.as('entries')).executeTakeFirstOrThrow(),
      ]);
      return ok({
        provider: companyDataProvider(app.db).info,
        days: request.query.days,
        totals: {
          calls: byEndpoint.reduce((sum, row) => sum + row.calls, 0),
          errors: byEndpoint.reduce((sum, row) => sum + row.errors, 0),
          costFen: byEndpoint.reduce((sum, row) => sum + row.costFen, 0),
          cacheEntries: cache.entries,
        },
        byEndpoint,
        recent,
      });
    },
  );
}
