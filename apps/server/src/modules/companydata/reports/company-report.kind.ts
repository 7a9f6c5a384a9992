/**
 * The company reports on the provider's data: 全景报告 (PANORAMIC: registry, administrative,
 * judicial and tax data plus the company's own imported invoices and statements), 工商信息报告
 * (BUSINESS_INFO: the registry) and 尽职调查报告 (DUE_DILIGENCE: all of it, a financial analysis of
 * the imported statements and a rating A–D with its reasons).
 */
import type { FinancialFigureSet, Finding } from '@taxlens/engine';
import { BUSINESS_RISK_KINDS, JUDICIAL_RISK_KINDS, type RelationKind } from '@taxlens/shared';
import { sql } from 'kysely';
import type { Db } from '../../../db/kysely.js';
import type { BuiltReport, ReportKindDefinition } from '../../reports/kinds/report-kind.types.js';
import { loadFigureSets } from '../../reports/report-data.repo.js';
import { companyDataProvider } from '../company-data.js';
import type { CompanyProfile, CreditRating, ProviderInfo, RelationRecord, RiskRecord } from '../provider.types.js';
import { divisionPath } from '../regions.js';
import { creditFinding, registrationFinding, riskFindings } from './company-findings.js';
import { financialAnalysis, rateCompany } from './due-diligence.js';

export type CompanyReportVariant = 'PANORAMIC' | 'BUSINESS_INFO' | 'DUE_DILIGENCE';
const RELATION_KINDS: readonly RelationKind[] = ['shareholder', 'executive', 'investment', 'branch', 'change'];

async function taxNoOf(db: Db, companyId: number): Promise<string | null> {
  const row = await db.selectFrom('companies').select('tax_no').where('id', '=', companyId).executeTakeFirst();
  return row?.tax_no ?? null;
}

/** Invoices of the period as the panoramic report summarises them. */
async function invoiceSummary(db: Db, companyId: number, start: string, end: string) {
  const rows = await db
    .selectFrom('invoices')
    .select([
      'direction',
      sql<string>`count(*)`.as('count'),
      sql<string>`coalesce(sum(total_fen), 0)`.as('totalFen'),
      sql<string>`count(DISTINCT CASE WHEN direction = 'sales' THEN buyer_tax_no ELSE seller_tax_no END)`.as('parties'),
    ])
    .where('company_id', '=', companyId)
    .where('status', '<>', 'void')
    .where(sql<boolean>`to_char(issued_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM') BETWEEN ${start} AND ${end}`)
    .groupBy('direction')
    .execute();
  const side = (direction: string) => {
    const row = rows.find((item) => item.direction === direction);
    return {
      count: Number(row?.count ?? 0),
      totalFen: Number(row?.totalFen ?? 0),
      counterparties: Number(row?.parties ?? 0),
    };
  };
  return { period: { start, end }, sales: side('sales'), purchases: side('purchase') };
}

function levelOf(findings: readonly Finding[]): string {
  if (findings.some((item) => item.level === 'high')) return 'high';
  if (findings.some((item) => item.level === 'medium')) return 'medium';
  if (findings.some((item) => item.level === 'low')) return 'low';
  return 'none';
}

/** Everything a company report is made of, whoever supplied it (the provider, or the example's sample). */
export interface CompanyReportData {
  provider: ProviderInfo;
  profile: CompanyProfile;
  relations: Record<RelationKind, RelationRecord[]>;
  risks: RiskRecord[];
  ratings: CreditRating[];
  ownData: Awaited<ReturnType<typeof invoiceSummary>> | null;
  figureSets: FinancialFigureSet[];
}

/** The report from its data: findings, counts, sources and the socket counts. */
export function assembleCompanyReport(variant: CompanyReportVariant, data: CompanyReportData): BuiltReport {
  const { profile, risks, ratings } = data;
  const withRisks = variant !== 'BUSINESS_INFO';
  const findings: Finding[] = [registrationFinding(profile)];
  if (withRisks) findings.push(...riskFindings(risks), creditFinding(ratings));
  const result: BuiltReport['result'] = {
    kind: 'COMPANY',
    variant,
    provider: data.provider,
    profile: { ...profile, regionName: divisionPath(profile.regionCode) },
    relations: data.relations,
    risks,
    ratings,
    findings,
  };
  if (variant !== 'BUSINESS_INFO' && data.ownData) result.ownData = data.ownData;
  if (variant === 'DUE_DILIGENCE') {
    const financial = financialAnalysis(data.figureSets);
    result.financial = financial;
    result.rating = rateCompany(profile, findings, financial);
  }
  const counts = {
    high: findings.filter((item) => item.level === 'high').length,
    medium: findings.filter((item) => item.level === 'medium').length,
    low: findings.filter((item) => item.level === 'low').length,
  };
  const provenance = new Map<string, string>();
  for (const item of [profile, ...risks, ...ratings]) provenance.set(item.source, item.asOf);
  return {
    result,
    overallLevel: levelOf(findings),
    counts,
    sources: [...provenance].map(([source, asOf]) => ({
      fileName: source,
      uploadedBy: data.provider.label,
      finishedAt: asOf,
    })),
    notification: {
      jyycListNum: risks.filter((record) => BUSINESS_RISK_KINDS.includes(record.kind)).length,
      sfycListNum: risks.filter((record) => JUDICIAL_RISK_KINDS.includes(record.kind)).length,
    },
  };
}

export function companyReportKind(variant: CompanyReportVariant): ReportKindDefinition {
  return {
    // A company the provider does not know cannot be reported on: refused before charging.
    async missingData(db, companyId) {
      const taxNo = await taxNoOf(db, companyId);
      const profile = taxNo ? await companyDataProvider(db).profile(taxNo) : null;
      return profile
        ? []
        : [
            `企业数据源（${companyDataProvider(db).info.label}）中没有统一社会信用代码为 ${taxNo ?? '-'} 的企业，无法生成报告`,
          ];
    },

    async build({ db, company, periodStart, periodEnd }) {
      const provider = companyDataProvider(db);
      const profile = await provider.profile(company.taxNo);
      if (!profile) throw new Error('企业数据源中已没有该企业');
      const relations = Object.fromEntries(
        await Promise.all(
          RELATION_KINDS.map(async (kind) => [kind, await provider.relations(company.taxNo, kind)] as const),
        ),
      ) as CompanyReportData['relations'];
      return assembleCompanyReport(variant, {
        provider: provider.info,
        profile,
        relations,
        risks: variant !== 'BUSINESS_INFO' ? await provider.risks(company.taxNo) : [],
        ratings: await provider.creditRatings(company.taxNo),
        ownData: variant !== 'BUSINESS_INFO' ? await invoiceSummary(db, company.id, periodStart, periodEnd) : null,
        figureSets: variant === 'DUE_DILIGENCE' ? await loadFigureSets(db, company.id) : [],
      });
    },
  };
}
