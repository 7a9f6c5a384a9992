import { CREDIT_LEVEL_MEANINGS } from '@taxlens/shared';
import { z } from 'zod';
import type { AppInstance } from '../../app.js';
import { envelope, ok } from '../../lib/envelope.js';
import type { RouteAccess } from '../../plugins/access.js';
import { companyDataProvider } from './company-data.js';

const tags = ['company-data'];
const SIGNED_IN: RouteAccess = { permission: null };
const keywordQuery = z.object({
  keyword: z.string({ error: '请输入企业名称或统一社会信用代码' }).trim().max(80, '最多80个字'),
});

const provenance = { source: z.string(), asOf: z.string() };
export const providerInfoSchema = z.object({ id: z.string(), label: z.string() });
const hitSchema = z.object({
  creditCode: z.string(),
  name: z.string(),
  legalRep: z.string().nullable(),
  statusText: z.string(),
  regionCode: z.string().nullable(),
  establishedOn: z.string().nullable(),
  ...provenance,
});
const threeElementsSchema = hitSchema.extend({
  registeredCapitalFen: z.number().nullable(),
  address: z.string().nullable(),
  industryCode: z.string().nullable(),
  industryName: z.string().nullable(),
  taxpayerType: z.enum(['general', 'small_scale']).nullable(),
});
const ratingSchema = z.object({ year: z.number().int(), level: z.string(), ...provenance });

/** Company search, the bind form's look-up and the tax-credit query: all through the provider. */
export async function companyDataRoutes(app: AppInstance) {
  app.get(
    '/api/CompanyData/provider',
    {
      config: { access: SIGNED_IN },
      schema: { tags, summary: '当前企业数据来源', response: { 200: envelope(providerInfoSchema) } },
    },
    async () => ok(companyDataProvider(app.db).info),
  );

  app.get(
    '/api/CompanyData/search',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary: '按企业名称（含拼音首字母）或统一社会信用代码查企业',
        querystring: keywordQuery,
        response: { 200: envelope(z.object({ provider: providerInfoSchema, list: z.array(hitSchema) })) },
      },
    },
    async (request) => {
      const provider = companyDataProvider(app.db);
      return ok({ provider: provider.info, list: await provider.search(request.query.keyword, 20) });
    },
  );

  app.get(
    '/api/CsbFirmCertification/findFirm3Elements',
    {
      config: { access: { permission: 'firmManage' } },
      schema: {
        tags,
        summary: '绑定企业时按名称查工商三要素（名称、统一社会信用代码、法定代表人）并带出登记信息',
        querystring: keywordQuery,
        response: { 200: envelope(z.object({ provider: providerInfoSchema, list: z.array(threeElementsSchema) })) },
      },
    },
    async (request) => {
      const provider = companyDataProvider(app.db);
      const hits = await provider.search(request.query.keyword, 10);
      const profiles = await Promise.all(hits.map((hit) => provider.profile(hit.creditCode)));
      return ok({ provider: provider.info, list: profiles.filter((profile) => profile !== null) });
    },
  );

  app.get(
    '/api/People/peopleCreditGrade',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary: '纳税信用等级查询：按名称或统一社会信用代码，列出各年度评价结果',
        querystring: keywordQuery,
        response: {
          200: envelope(
            z.object({
              provider: providerInfoSchema,
              list: z.array(hitSchema.extend({ ratings: z.array(ratingSchema), aYears: z.array(z.number().int()) })),
              levels: z.array(z.object({ level: z.string(), meaning: z.string() })),
            }),
          ),
        },
      },
    },
    async (request) => {
      const provider = companyDataProvider(app.db);
      const hits = await provider.search(request.query.keyword, 20);
      const list = await Promise.all(
        hits.map(async (hit) => {
          const ratings = await provider.creditRatings(hit.creditCode);
          return {
            ...hit,
            ratings,
            aYears: ratings.filter((rating) => rating.level === 'A').map((rating) => rating.year),
          };
        }),
      );
      const levels = Object.entries(CREDIT_LEVEL_MEANINGS).map(([level, meaning]) => ({ level, meaning }));
      return ok({ provider: provider.info, list, levels });
    },
  );
}
