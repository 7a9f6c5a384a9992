/**
 * The commercial CompanyDataProvider (COMPANY_DATA_PROVIDER=tianyancha): registry, judicial and
 * tax-credit data from the 天眼查 open platform through the logged, cached client. Lists the vendor
 * does not publish (非正常户) are read from the platform's imported official lists, so the invoice
 * report and the violation query lose nothing; their records keep their own source and as-of date.
 */
import { formatDate, type RelationKind, RISK_KINDS, type RiskKind } from '@taxlens/shared';
import type { Db } from '../../../db/kysely.js';
import { createBuiltinProvider } from '../builtin.provider.js';
import { parsePercent, regionOfCode, registrationOf } from '../datasets/dataset-values.js';
import type {
  CompanyDataProvider,
  CompanyHit,
  CompanyProfile,
  CounterpartyFacts,
  CreditRating,
  RelationRecord,
  RiskRecord,
} from '../provider.types.js';
import { parseCompanyQuery } from '../search-terms.js';
import { createTycClient, type TycConfig } from './tyc.client.js';
import { day, detailsOf, money, TYC_ENDPOINTS, TYC_RISKS, type TycItem, text } from './tyc.mapping.js';

export const TYC_SOURCE = '天眼查开放平台';
const PAGE_SIZE = 20;
/** Pages read per list at most (each is a billed call). */
const MAX_PAGES = 5;
/** Lists whose non-removed records make a counterparty "listed" (as the built-in provider). */
const LIVE_KINDS: readonly RiskKind[] = [
  'abnormal_operation',
  'serious_illegal',
  'tax_arrears',
  'major_tax_violation',
  'dishonest_debtor',
];

type Page = { total?: number; items?: TycItem[] };

function percentBp(value: unknown): number | null {
  const raw = text(value);
  if (!raw) return null;
  const parsed = parsePercent(raw);
  return parsed.ok ? parsed.value : null;
}

async function inBatches<T, R>(items: readonly T[], size: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let index = 0; index < items.length; index += size) {
    results.push(...(await Promise.all(items.slice(index, index + size).map(work))));
  }
  return results;
}

export function createTycProvider(db: Db, config: TycConfig): CompanyDataProvider {
  const client = createTycClient(db, config);
  const builtin = createBuiltinProvider(db);

  /** Every item of a paged list (up to MAX_PAGES pages) and the oldest as-of among the pages. */
  async function pages(endpoint: string, keyword: string): Promise<{ items: TycItem[]; asOf: string }> {
    const items: TycItem[] = [];
    let asOf = '9999-12-31';
    for (let pageNum = 1; pageNum <= MAX_PAGES; pageNum += 1) {
      const answer = await client.get<Page>(endpoint, { keyword, pageNum, pageSize: PAGE_SIZE });
      if (answer.asOf < asOf) asOf = answer.asOf;
      const batch = answer.result?.items ?? [];
      items.push(...batch);
      if (batch.length < PAGE_SIZE || items.length >= (answer.result?.total ?? 0)) break;
    }
    return { items, asOf };
  }

  const hitOf = (item: TycItem, asOf: string): CompanyHit | null => {
    const creditCode = text(item.creditCode)?.toUpperCase() ?? null;
    const name = text(item.name);
    if (!creditCode || !name) return null;
    return {
      creditCode,
      name,
      legalRep: text(item.legalPersonName),
      statusText: text(item.regStatus) ?? '未知',
      regionCode: regionOfCode(creditCode),
      establishedOn: day(item.estiblishTime),
      source: TYC_SOURCE,
      asOf,
    };
  };

  const provider: CompanyDataProvider = {
    info: { id: 'tianyancha', label: '天眼查开放平台（商业数据接口）' },

    async search(query, limit = 20) {
      const parsed = parseCompanyQuery(query);
      if (parsed.by === 'code') {
        const profile = await provider.profile(parsed.code);
        return profile ? [profile] : [];
      }
      const answer = await client.get<Page>(TYC_ENDPOINTS.search, {
        word: parsed.text,
        pageNum: 1,
        pageSize: Math.min(Math.max(limit, 1), PAGE_SIZE),
      });
      return (answer.result?.items ?? [])
        .map((item) => hitOf(item, answer.asOf))
        .filter((hit): hit is CompanyHit => hit !== null)
        .slice(0, limit);
    },

    async profile(creditCode) {
      const code = creditCode.trim().toUpperCase();
      const answer = await client.get<TycItem>(TYC_ENDPOINTS.baseinfo, { keyword: code });
      const item = answer.result;
      // Never take a company on name alone: the answer must carry the code asked for.
      if (!item || text(item.creditCode)?.toUpperCase() !== code) return null;
      const hit = hitOf(item, answer.asOf);
      if (!hit) return null;
      const industry = item.industryAll as TycItem | undefined;
      const profile: CompanyProfile = {
        ...hit,
        registration: registrationOf(hit.statusText),
        registeredCapitalFen: money(item.regCapital),
        capitalText: text(item.regCapital),
        companyType: text(item.companyOrgType),
        address: text(item.regLocation),
        scope: text(item.businessScope),
        industryCode: text(industry?.categoryCodeSecond) ?? text(industry?.categoryCodeFirst),
        industryName: text(item.industry),
        taxpayerType: null,
      };
      return profile;
    },

    async relations(creditCode, kind: RelationKind) {
      const { items, asOf } = await pages(TYC_ENDPOINTS[kind], creditCode);
      const base = { kind, source: TYC_SOURCE, asOf };
      return items.map((item): RelationRecord => {
        const capital = (Array.isArray(item.capital) ? item.capital[0] : undefined) as TycItem | undefined;
        switch (kind) {
          case 'shareholder':
            return {
              ...base,
              name: text(item.name) ?? '-',
              role: null,
              otherCode: null,
              amountFen: money(capital?.amomon),
              ratioBp: percentBp(capital?.percent),
              happenedOn: day(capital?.time),
              beforeText: null,
              afterText: null,
            };
          case 'executive':
            return {
              ...base,
              name: text(item.name) ?? '-',
              role: Array.isArray(item.typeJoin) ? item.typeJoin.join('、') : null,
              otherCode: null,
              amountFen: null,
              ratioBp: null,
              happenedOn: null,
              beforeText: null,
              afterText: null,
            };
          case 'change':
            return {
              ...base,
              name: text(item.changeItem) ?? '变更',
              role: null,
              otherCode: null,
              amountFen: null,
              ratioBp: null,
              happenedOn: day(item.changeTime),
              beforeText: text(item.contentBefore),
              afterText: text(item.contentAfter),
            };
          default:
            return {
              ...base,
              name: text(item.name) ?? '-',
              role: text(item.regStatus),
              otherCode: text(item.creditCode),
              amountFen: kind === 'investment' ? money(item.amount, 'wan') : null,
              ratioBp: percentBp(item.percent),
              happenedOn: day(item.estiblishTime),
              beforeText: null,
              afterText: null,
            };
        }
      });
    },

    async risks(creditCode, kinds) {
      const code = creditCode.trim().toUpperCase();
      const wanted = kinds ?? RISK_KINDS;
      const fromVendor = wanted.filter((kind) => TYC_RISKS[kind]);
      const fromLists = wanted.filter((kind) => !TYC_RISKS[kind]);
      const vendorRecords = await inBatches(fromVendor, 4, async (kind) => {
        const spec = TYC_RISKS[kind];
        if (!spec) return [];
        const { items, asOf } = await pages(spec.endpoint, code);
        return items.map((raw, index): RiskRecord => {
          // Some lists nest their fields (动产抵押: baseInfo).
          const item = (raw.baseInfo as TycItem | undefined) ?? raw;
          return {
            id: `tyc:${kind}:${index}`,
            kind,
            creditCode: code,
            name: text(raw.name) ?? code,
            reference: spec.reference ? text(item[spec.reference]) : null,
            title: spec.title(item),
            category: spec.category ? text(item[spec.category]) : null,
            decidedOn: day(item[spec.decidedOn]),
            removedOn: spec.removedOn ? day(item[spec.removedOn]) : null,
            amountFen: spec.amount ? money(item[spec.amount]) : null,
            authority: spec.authority ? text(item[spec.authority]) : null,
            personName: spec.personName ? text(item[spec.personName]) : null,
            details: detailsOf(item, spec.labels),
            source: TYC_SOURCE,
            asOf,
          };
        });
      });
      const listRecords = fromLists.length > 0 ? await builtin.risks(code, fromLists) : [];
      return [...vendorRecords.flat(), ...listRecords].sort((a, b) =>
        (b.decidedOn ?? '').localeCompare(a.decidedOn ?? ''),
      );
    },

    async creditRatings(creditCode) {
      const { items, asOf } = await pages(TYC_ENDPOINTS.taxCredit, creditCode.trim().toUpperCase());
      const ratings = new Map<number, CreditRating>();
      for (const item of items) {
        const year = Number(text(item.year));
        const level = text(item.grade)?.toUpperCase().replace(/级$/, '');
        if (!Number.isInteger(year) || !level || !['A', 'B', 'M', 'C', 'D'].includes(level)) continue;
        ratings.set(year, { year, level: level as CreditRating['level'], source: TYC_SOURCE, asOf });
      }
      return [...ratings.values()].sort((a, b) => b.year - a.year);
    },

    async counterparties(creditCodes) {
      const codes = [...new Set(creditCodes.map((code) => code.trim().toUpperCase()).filter(Boolean))];
      // 非正常户 and the other official lists the operator imported, by code.
      const listed = await builtin.counterparties(codes);
      const facts = new Map<string, CounterpartyFacts>();
      await inBatches(codes, 4, async (code) => {
        const profile = await provider.profile(code);
        const [ratings, risks] = await Promise.all([provider.creditRatings(code), provider.risks(code, LIVE_KINDS)]);
        const own = listed.get(code);
        if (!profile && ratings.length === 0 && risks.length === 0 && !own) return;
        // Today in the business zone (removal dates are Beijing dates).
        const today = formatDate(new Date().toISOString());
        const live = risks.filter((record) => !record.removedOn || record.removedOn > today).map((r) => r.kind);
        const sources = new Set([TYC_SOURCE, ...(own && own.listedOn.length > 0 ? [own.source] : [])]);
        facts.set(code, {
          creditCode: code,
          name: profile?.name ?? own?.name ?? null,
          registration: profile?.registration ?? 'unknown',
          statusText: profile?.statusText ?? null,
          creditLevel: ratings[0]?.level ?? null,
          creditYear: ratings[0]?.year ?? null,
          listedOn: [...new Set([...live, ...(own?.listedOn.filter((kind) => !TYC_RISKS[kind]) ?? [])])],
          source: [...sources].join('；'),
          asOf:
            [profile?.asOf, own?.listedOn.length ? own.asOf : undefined]
              .filter((value): value is string => Boolean(value))
              .sort()[0] ?? today,
        });
      });
      return facts;
    },
  };
  return provider;
}
