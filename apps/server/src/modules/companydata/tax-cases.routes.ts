import { dataListByKey, pageQuerySchema } from '@taxlens/shared';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AppInstance } from '../../app.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { ok } from '../../lib/envelope.js';
import type { RouteAccess } from '../../plugins/access.js';
import { childrenOf, divisionPath } from './regions.js';
import { parseCompanyQuery } from './search-terms.js';

const tags = ['tax-cases'];
const SIGNED_IN: RouteAccess = { permission: null };
const KIND = 'major_tax_violation';
const optionalText = z.string().trim().max(60, '最多60个字').optional();

const listQuery = pageQuerySchema.extend({
  keyword: optionalText,
  person: optionalText,
  province: z
    .string()
    .trim()
    .regex(/^\d{2}(0000)?$/, '省份代码应为2位或6位数字')
    .optional(),
  year: z.coerce.number().int().min(2014, '年份不正确').max(2100, '年份不正确').optional(),
  caseType: optionalText,
});

/**
 * 重大税收违法失信主体 as published: search by company, code, person, province, year and case type,
 * and the published fields of one case. It reads the imported publication (the built-in data).
 */
export async function taxCasesRoutes(app: AppInstance) {
  const base = () =>
    app.db
      .selectFrom('cd_risks')
      .where('kind', '=', KIND)
      .select([
        sql<string>`id::text`.as('id'),
        'name',
        'credit_code as creditCode',
        'category as caseType',
        sql<string | null>`to_char(decided_on, 'YYYY-MM-DD')`.as('publishedOn'),
        'authority',
        'person_name as personName',
        'region_code as regionCode',
        'source',
        sql<string>`to_char(as_of, 'YYYY-MM-DD')`.as('asOf'),
      ]);

  app.get(
    '/api/TaxIllegalCase/findList',
    {
      config: { access: SIGNED_IN },
      schema: { tags, summary: '重大税收违法失信案件查询', querystring: listQuery },
    },
    async (request) => {
      const { page, size, keyword, person, province, year, caseType } = request.query;
      let query = base();
      if (keyword) {
        const parsed = parseCompanyQuery(keyword);
        if (parsed.by === 'code') query = query.where('credit_code', '=', parsed.code);
        else query = query.where(sql<boolean>`strpos(lower(name), ${parsed.text}) > 0`);
      }
      if (person) {
        if ([...person].length < 2) throw new AppError('VALIDATION', '当事人姓名至少2个字');
        query = query.where('person_name', '=', person);
      }
      if (province) query = query.where('region_code', 'like', `${province.slice(0, 2)}%`);
      if (year) query = query.where(sql<boolean>`extract(year FROM decided_on) = ${year}`);
      if (caseType) query = query.where('category', '=', caseType);
      const rows = await query
        .select(sql<string>`count(*) OVER ()`.as('total'))
        .orderBy('decided_on', 'desc')
        .orderBy('id', 'desc')
        .limit(size)
        .offset((page - 1) * size)
        .execute();
      const types = await app.db
        .selectFrom('cd_risks')
        .select('category')
        .distinct()
        .where('kind', '=', KIND)
        .where('category', 'is not', null)
        .orderBy('category')
        .execute();
      return ok({
        list: rows.map(({ total: _total, ...row }) => ({
          ...row,
          province: divisionPath(row.regionCode?.slice(0, 2).padEnd(6, '0') ?? null),
        })),
        total: Number(rows[0]?.total ?? 0),
        page,
        size,
        caseTypes: types.map((row) => row.category as string),
      });
    },
  );

  app.get(
    '/api/TaxIllegalCase/findDetails',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary: '重大税收违法失信案件详情（公布的各项内容及来源）',
        querystring: z.object({ id: z.coerce.number().int().positive() }),
      },
    },
    async (request) => {
      const row = await base().select(['title', 'details']).where('id', '=', request.query.id).executeTakeFirst();
      if (!row) throw notFound('案件不存在或已撤出公布');
      // The published fields in the publication's own column order.
      const columns = dataListByKey(KIND)?.columns ?? [];
      const details = row.details as Record<string, string>;
      const fields = columns
        .filter((column) => details[column.header])
        .map((column) => ({ label: column.header, value: details[column.header] as string }));
      return ok({ ...row, details: undefined, fields, province: divisionPath(row.regionCode) });
    },
  );

  app.get(
    '/api/BusinessPanoramicReport/getProvinceAndPulldown',
    {
      config: { access: SIGNED_IN },
      schema: { tags, summary: '案件查询的筛选项：省份、公布年度与案件性质（取自已导入的公布数据）' },
    },
    async () => {
      const [types, years] = await Promise.all([
        app.db
          .selectFrom('cd_risks')
          .select('category')
          .distinct()
          .where('kind', '=', KIND)
          .where('category', 'is not', null)
          .orderBy('category')
          .execute(),
        app.db
          .selectFrom('cd_risks')
          .select(sql<number>`extract(year FROM decided_on)::int`.as('year'))
          .distinct()
          .where('kind', '=', KIND)
          .where('decided_on', 'is not', null)
          .orderBy('year', 'desc')
          .execute(),
      ]);
      return ok({
        provinces: childrenOf(null).map((division) => ({ code: division.xzqhszDm, name: division.xzqhmc })),
        years: years.map((row) => row.year),
        caseTypes: types.map((row) => row.category as string),
      });
    },
  );
}
