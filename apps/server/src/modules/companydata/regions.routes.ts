import { z } from 'zod';
import type { AppInstance } from '../../app.js';
import { notFound } from '../../lib/app-error.js';
import { envelope, ok } from '../../lib/envelope.js';
import type { RouteAccess } from '../../plugins/access.js';
import { childrenOf, divisionByCode, divisionPath } from './regions.js';

const tags = ['regions'];
const SIGNED_IN: RouteAccess = { permission: null };
const divisionSchema = z.object({
  xzqhszDm: z.string(),
  xzqhmc: z.string(),
  sjxzqhszDm: z.string().nullable(),
  level: z.number().int(),
});
const codeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, '行政区划代码应为6位数字');

/** 行政区划 (GB/T 2260) look-ups: XlbakDmXzqh for the business-information pages, CsbDmGyXzqh for forms. */
export async function regionsRoutes(app: AppInstance) {
  const list = (
    url: string,
    summary: string,
    query: z.ZodObject,
    parentOf: (query: Record<string, string>) => string | null,
  ) =>
    app.get(
      url,
      {
        config: { access: SIGNED_IN },
        schema: { tags, summary, querystring: query, response: { 200: envelope(z.array(divisionSchema)) } },
      },
      async (request) => ok(childrenOf(parentOf(request.query as Record<string, string>))),
    );
  list('/api/XlbakDmXzqh/findProvinceList', '省级行政区划', z.object({}), () => null);
  list(
    '/api/XlbakDmXzqh/findCityList',
    '某省的地级行政区划',
    z.object({ provinceCode: codeSchema }),
    (query) => query.provinceCode ?? null,
  );
  list(
    '/api/XlbakDmXzqh/findAreaList',
    '某市的县级行政区划',
    z.object({ cityCode: codeSchema }),
    (query) => query.cityCode ?? null,
  );
  list(
    '/api/CsbDmGyXzqh/findList',
    '下级行政区划（不传上级代码时为省级）',
    z.object({ sjxzqhszDm: codeSchema.optional() }),
    (query) => query.sjxzqhszDm ?? null,
  );

  app.get(
    '/api/XlbakDmXzqh/findByCode',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary: '按代码查行政区划及其全称',
        querystring: z.object({ code: codeSchema }),
        response: { 200: envelope(divisionSchema.extend({ fullName: z.string() })) },
      },
    },
    async (request) => {
      const division = divisionByCode(request.query.code);
      if (!division) throw notFound('该行政区划代码不存在');
      return ok({ ...division, fullName: divisionPath(division.xzqhszDm) ?? division.xzqhmc });
    },
  );
}
