import {
  CAPITAL_BANDS,
  INDUSTRY_SECTIONS,
  OPPORTUNITY_LIST_LIMIT,
  type OpportunityFilter,
  opportunityFilterSchema,
  REGISTRATION_KEYS,
  REGISTRATION_LABELS,
  RISK_KINDS,
  RISK_LABELS,
  TAXPAYER_TYPE_LABELS,
  tooManyToListMessage,
} from '@taxlens/shared';
import { z } from 'zod';
import type { AppInstance } from '../../app.js';
import { AppError } from '../../lib/app-error.js';
import { ok } from '../../lib/envelope.js';
import { sendXlsx } from '../../lib/send-file.js';
import { buildXlsx } from '../../lib/xlsx-export.js';
import { divisionByCode } from '../companydata/regions.js';
import { DATA_VIEW_ACCESS, dataServiceCheck } from './data-right.js';
import { type FacetIndex, facetIndexOf } from './facet-index.js';
import { type Aggregate, areaLevel, createAggregateMemo } from './facet-query.js';
import { listRows, type OpportunityRow } from './opportunity-list.js';

const tags = ['data-view'];
const BASE = '/api/DataAnalysisBusinessOpportunity';
const pageSchema = z.object({
  page: z.coerce.number().int().min(1).max(1000).default(1),
  size: z.coerce.number().int().min(1).max(50).default(20),
});
// Body schema: the filter plus paging (form posts send every value as text).
const searchBody = z.intersection(opportunityFilterSchema, pageSchema);

const code6 = (value: number) => String(value).padStart(6, '0');
const nameOf = (code: string) => {
  const division = divisionByCode(code);
  // 省直辖县级行政区 etc. have no row of their own in the table.
  return division?.xzqhmc ?? (code.endsWith('9000') ? '省直辖县级行政区' : code);
};
const monthText = (value: number) => `${Math.floor(value / 12)}-${String((value % 12) + 1).padStart(2, '0')}`;

function areaOf(filter: OpportunityFilter) {
  const code = filter.areaCode ?? null;
  if (code && !divisionByCode(code)) throw new AppError('VALIDATION', '地区代码不存在');
  const level = areaLevel(filter.areaCode);
  // The way down from the country, for the page's breadcrumb (a 直辖市 county skips its 市辖区).
  const parents = !code
    ? []
    : [`${code.slice(0, 2)}0000`, `${code.slice(0, 4)}00`, code].filter(
        (item, at, all) =>
          all.indexOf(item) === at && divisionByCode(item) && divisionByCode(item)?.xzqhmc !== '市辖区',
      );
  const path = parents.map((item) => ({ code: item, name: nameOf(item) }));
  return { areaCode: code, areaName: code ? nameOf(code) : '全国', level, path };
}

function regionCounts(result: Aggregate) {
  return [...result.children.entries()]
    .map(([value, count]) => ({ code: code6(value), name: nameOf(code6(value)), count }))
    .sort((a, b) => b.count - a.count || a.code.localeCompare(b.code));
}

/** /api/DataAnalysisBusinessOpportunity/*: the map's counts, rankings, distributions, trends and list. */
export async function opportunityRoutes(app: AppInstance) {
  const cache = facetIndexOf(app.db, app.databaseUrl);
  const memo = createAggregateMemo();
  // Built once the server listens, so the first map user does not wait for it (seconds at a million
  // companies); tests build it on first use.
  if (app.config.NODE_ENV !== 'test') {
    app.addHook('onListen', async () => {
      setImmediate(() => void cache.get().catch((error) => app.log.warn({ err: error }, 'map index build failed')));
    });
  }
  const run = async (filter: OpportunityFilter): Promise<{ index: FacetIndex; result: Aggregate }> => {
    const index = await cache.get();
    return { index, result: memo(index, filter) };
  };
  const provenance = (index: FacetIndex) => ({ source: index.source, asOf: index.asOf });
  const options = (summary: string, body: z.ZodTypeAny = opportunityFilterSchema) => ({
    config: { access: DATA_VIEW_ACCESS },
    preValidation: dataServiceCheck,
    schema: { tags, summary, body },
  });

  app.post(
    `${BASE}/search`,
    options('商机搜索：各地区企业数与名单（名单仅在不超过上限时给出）', searchBody),
    async (request) => {
      const { page, size, ...filter } = request.body as OpportunityFilter & z.infer<typeof pageSchema>;
      const { index, result } = await run(filter);
      const listable = result.rows !== null;
      const list: OpportunityRow[] = listable ? await listRows(app.db, index, result.rows ?? [], page, size) : [];
      return ok({
        ...provenance(index),
        ...areaOf(filter),
        total: result.total,
        regions: regionCounts(result),
        unplaced: result.unplaced,
        listLimit: OPPORTUNITY_LIST_LIMIT,
        tooMany: !listable,
        message: listable ? null : tooManyToListMessage(result.total),
        page,
        size,
        list,
      });
    },
  );

  app.post(
    `${BASE}/distributions`,
    options('商机分布：行业、登记状态、纳税人类型、注册资本、风险名单'),
    async (request) => {
      const filter = request.body as OpportunityFilter;
      const { index, result } = await run(filter);
      return ok({
        ...provenance(index),
        total: result.total,
        industries: INDUSTRY_SECTIONS.map((section, at) => ({
          code: section.code,
          name: section.name,
          count: result.industries[at + 1] ?? 0,
        })).filter((item) => item.count > 0),
        industryUnknown: result.industries[0] ?? 0,
        registrations: REGISTRATION_KEYS.map((key, at) => ({
          key,
          label: REGISTRATION_LABELS[key],
          count: result.registrations[at] ?? 0,
        })),
        taxpayerTypes: [
          { key: 'general', label: TAXPAYER_TYPE_LABELS.general, count: result.taxpayers[1] ?? 0 },
          { key: 'small_scale', label: TAXPAYER_TYPE_LABELS.small_scale, count: result.taxpayers[2] ?? 0 },
          { key: 'unknown', label: '未登记', count: result.taxpayers[0] ?? 0 },
        ],
        capitalBands: [
          ...CAPITAL_BANDS.map((band, at) => ({
            key: band.key,
            label: band.label,
            count: result.capitalBands[at] ?? 0,
          })),
          { key: 'unknown', label: '未公示', count: result.capitalUnknown },
        ],
        risks: RISK_KINDS.map((kind, at) => ({ kind, label: RISK_LABELS[kind], count: result.risks[at] ?? 0 })),
      });
    },
  );

  app.post(`${BASE}/rankings`, options('商机排行：地区企业数、近12个月新设企业数、行业'), async (request) => {
    const filter = request.body as OpportunityFilter;
    const { index, result } = await run(filter);
    const regions = regionCounts(result);
    const recent = [...result.recentChildren.entries()]
      .map(([value, count]) => ({ code: code6(value), name: nameOf(code6(value)), count }))
      .sort((a, b) => b.count - a.count || a.code.localeCompare(b.code));
    const industries = INDUSTRY_SECTIONS.map((section, at) => ({
      code: section.code,
      name: section.name,
      count: result.industries[at + 1] ?? 0,
    }))
      .filter((item) => item.count > 0)
      .sort((a, b) => b.count - a.count);
    const share = (count: number) => (result.total > 0 ? Math.round((count / result.total) * 10_000) / 100 : 0);
    return ok({
      ...provenance(index),
      ...areaOf(filter),
      total: result.total,
      regions: regions.slice(0, 10).map((item, at) => ({ rank: at + 1, ...item, sharePercent: share(item.count) })),
      recentRegions: recent.slice(0, 10).map((item, at) => ({ rank: at + 1, ...item })),
      industries: industries
        .slice(0, 10)
        .map((item, at) => ({ rank: at + 1, ...item, sharePercent: share(item.count) })),
    });
  });

  app.post(`${BASE}/trends`, options('商机趋势：按成立月份与年份统计的新设企业数'), async (request) => {
    const filter = request.body as OpportunityFilter;
    const { index, result } = await run(filter);
    const now = new Date();
    const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
    const months = Array.from({ length: 24 }, (_, at) => thisMonth - 23 + at).map((value) => ({
      month: monthText(value),
      count: result.months.get(value) ?? 0,
    }));
    const years = Array.from({ length: 10 }, (_, at) => now.getUTCFullYear() - 9 + at).map((year) => {
      let count = 0;
      for (let value = year * 12; value < year * 12 + 12; value++) count += result.months.get(value) ?? 0;
      return { year, count };
    });
    return ok({ ...provenance(index), total: result.total, months, years });
  });

  app.post(`${BASE}/export`, options('导出商机名单（Excel，最多5000家）'), async (request, reply) => {
    const filter = request.body as OpportunityFilter;
    const { index, result } = await run(filter);
    if (result.rows === null) throw new AppError('VALIDATION', tooManyToListMessage(result.total));
    if (result.total === 0) throw new AppError('VALIDATION', '没有符合条件的企业，无需导出');
    const rows = await listRows(app.db, index, result.rows, 1, OPPORTUNITY_LIST_LIMIT);
    const file = await buildXlsx<OpportunityRow>(
      '商机名单',
      [
        { header: '企业名称', width: 36, value: (row) => row.name },
        { header: '统一社会信用代码', width: 22, value: (row) => row.creditCode },
        { header: '法定代表人', width: 12, value: (row) => row.legalRep },
        { header: '登记状态', width: 18, value: (row) => row.statusText },
        { header: '成立日期', width: 12, value: (row) => row.establishedOn },
        { header: '注册资本', width: 16, value: (row) => row.capitalText },
        { header: '行业', width: 26, value: (row) => row.industryName },
        { header: '纳税人类型', width: 14, value: (row) => row.taxpayerTypeText },
        { header: '所在地区', width: 24, value: (row) => row.regionName },
        { header: '住所', width: 40, value: (row) => row.address },
        { header: '风险名单', width: 30, value: (row) => row.riskLabels.join('、') },
        { header: '数据来源', width: 28, value: (row) => row.source },
        { header: '数据截至', width: 12, value: (row) => row.asOf },
      ],
      rows,
    );
    const day = new Date().toISOString().slice(0, 10);
    return sendXlsx(reply, `商机名单_${day}.xlsx`, file);
  });
}
