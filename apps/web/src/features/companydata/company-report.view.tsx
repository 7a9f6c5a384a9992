import type { Finding, FindingCounts, OverallLevel } from '@taxlens/engine/types';
import { formatFen } from '@taxlens/shared';
import { Descriptions, Typography } from 'antd';
import { t } from '../../locales';
import { filledColumns, type SimpleColumn, SimpleTable } from '../reports/components/SimpleTable';
import { asSources, type ReportSource } from '../reports/report-view.types';
import { FindingsSection, PrintFindings } from '../reports/sections/FindingsSection';
import { defineReportView } from '../reports/views/report-view';

interface Relation {
  name: string;
  role: string | null;
  amountFen: number | null;
  ratioBp: number | null;
  happenedOn: string | null;
  beforeText: string | null;
  afterText: string | null;
}

export interface CompanyReport {
  kind: 'COMPANY';
  variant: 'PANORAMIC' | 'BUSINESS_INFO' | 'DUE_DILIGENCE';
  provider: { label: string };
  profile: Record<string, string | number | null>;
  relations: Record<'shareholder' | 'executive' | 'investment' | 'branch' | 'change', Relation[]>;
  findings: Finding[];
  ratings: { year: number; level: string; source: string; asOf: string }[];
  ownData?: { sales: Own; purchases: Own };
  financial?: Record<string, number | null>[];
  rating?: { grade: string; score: number; reasons: string[]; method: string };
}
interface Own {
  count: number;
  totalFen: number;
  counterparties: number;
}

type SectionId = 'profile' | 'relations' | 'risks' | 'own' | 'financial' | 'rating' | 'sources';

function parse(result: unknown): CompanyReport | null {
  const value = result as CompanyReport | null;
  return value && value.kind === 'COMPANY' && Array.isArray(value.findings) ? value : null;
}

const money = (fen: number | null | undefined) => (fen === null || fen === undefined ? '-' : formatFen(fen));
const ratio = (bp: number | null) => (bp === null ? '-' : `${bp / 100}%`);
const pct = (value: number | null | undefined) => (value === null || value === undefined ? '-' : `${value}%`);

const RELATION_COLUMNS: readonly SimpleColumn<Relation>[] = [
  { key: 'name', title: t('companyData.view.name'), render: (row) => row.name },
  { key: 'role', title: t('companyData.view.role'), render: (row) => row.role ?? '-' },
  { key: 'ratio', title: t('companyData.view.ratio'), align: 'right', render: (row) => ratio(row.ratioBp) },
  { key: 'amount', title: t('companyData.view.amount'), align: 'right', render: (row) => money(row.amountFen) },
  { key: 'date', title: t('companyData.view.date'), render: (row) => row.happenedOn ?? '-' },
];
const CHANGE_COLUMNS: readonly SimpleColumn<Relation>[] = [
  { key: 'date', title: t('companyData.view.date'), render: (row) => row.happenedOn ?? '-' },
  { key: 'name', title: t('companyData.view.change'), render: (row) => row.name },
  { key: 'before', title: t('companyData.view.before'), render: (row) => row.beforeText ?? '-' },
  { key: 'after', title: t('companyData.view.after'), render: (row) => row.afterText ?? '-' },
];

/** 数据来源 of a company report: each publisher or vendor, who provided it and the date the data hold for. */
const SOURCE_COLUMNS: readonly SimpleColumn<ReportSource>[] = [
  { key: 'source', title: t('companyData.view.sourceName'), render: (row) => row.fileName },
  { key: 'provider', title: t('companyData.view.sourceProvider'), render: (row) => row.uploadedBy ?? '-' },
  { key: 'asOf', title: t('companyData.view.sourceAsOf'), render: (row) => row.finishedAt ?? '-' },
];

function CompanySources({ sources }: { sources: readonly ReportSource[] }) {
  return (
    <div className="tl-sources" data-testid="sources">
      <p className="tl-muted">{t('companyData.view.sourcesHint')}</p>
      <SimpleTable columns={SOURCE_COLUMNS} rows={sources} rowKey={(row) => row.fileName} empty="-" />
    </div>
  );
}

function Profile({ report }: { report: CompanyReport }) {
  const p = report.profile;
  const fields: [string, string | number | null | undefined][] = [
    [t('companyData.view.fields.name'), p.name],
    [t('companyData.view.fields.creditCode'), p.creditCode],
    [t('companyData.view.fields.legalRep'), p.legalRep],
    [
      t('companyData.view.fields.capital'),
      /^[\d.]+$/.test(String(p.capitalText ?? ''))
        ? `${p.capitalText}万元`
        : (p.capitalText ?? money(p.registeredCapitalFen as number | null)),
    ],
    [t('companyData.view.fields.established'), p.establishedOn],
    [t('companyData.view.fields.status'), p.statusText],
    [t('companyData.view.fields.type'), p.companyType],
    [t('companyData.view.fields.region'), p.regionName ?? p.regionCode],
    [t('companyData.view.fields.industry'), p.industryName],
    [
      t('companyData.view.fields.taxpayerType'),
      p.taxpayerType === 'general' ? '一般纳税人' : p.taxpayerType === 'small_scale' ? '小规模纳税人' : '-',
    ],
    [t('companyData.view.fields.address'), p.address],
    [t('companyData.view.fields.scope'), p.scope],
  ];
  return (
    <>
      <Descriptions bordered size="small" column={{ xs: 1, md: 2 }}>
        {fields.map(([label, value]) => (
          <Descriptions.Item key={label} label={label}>
            {value ?? '-'}
          </Descriptions.Item>
        ))}
      </Descriptions>
      <Typography.Text type="secondary">
        {t('companyData.sourceLine', { source: String(p.source), asOf: String(p.asOf) })}
      </Typography.Text>
    </>
  );
}

function Relations({ report }: { report: CompanyReport }) {
  const blocks = (['shareholder', 'executive', 'investment', 'branch'] as const).filter(
    (kind) => report.relations[kind]?.length,
  );
  return (
    <>
      {blocks.map((kind) => (
        <div className="tl-block" key={kind}>
          <div className="tl-block-title">{t(`companyData.view.${kind}`)}</div>
          <SimpleTable
            columns={filledColumns(RELATION_COLUMNS, report.relations[kind] ?? [], ['name'])}
            rows={report.relations[kind]}
            rowKey={(row, index) => `${row.name}-${index}`}
            empty="-"
          />
        </div>
      ))}
      <div className="tl-block">
        <div className="tl-block-title">{t('companyData.view.change')}</div>
        <SimpleTable
          columns={CHANGE_COLUMNS}
          rows={report.relations.change ?? []}
          rowKey={(row, index) => `${row.name}-${index}`}
          empty="-"
        />
      </div>
    </>
  );
}

function Financial({ report }: { report: CompanyReport }) {
  const rows = report.financial ?? [];
  if (rows.length === 0) return <div className="tl-notice is-insufficient">{t('companyData.view.noFinancial')}</div>;
  const columns: SimpleColumn<Record<string, number | null>>[] = [
    { key: 'year', title: t('companyData.view.year'), render: (row) => String(row.year) },
    { key: 'revenue', title: t('companyData.view.revenue'), align: 'right', render: (row) => money(row.revenueFen) },
    { key: 'profit', title: t('companyData.view.netProfit'), align: 'right', render: (row) => money(row.netProfitFen) },
    { key: 'debt', title: t('companyData.view.debtRatio'), align: 'right', render: (row) => pct(row.debtRatioPct) },
    { key: 'margin', title: t('companyData.view.netMargin'), align: 'right', render: (row) => pct(row.netMarginPct) },
    { key: 'growth', title: t('companyData.view.growth'), align: 'right', render: (row) => pct(row.revenueGrowthPct) },
  ];
  return <SimpleTable columns={columns} rows={rows} rowKey={(row) => String(row.year)} empty="-" />;
}

function levelOf(findings: readonly Finding[]): OverallLevel {
  for (const level of ['high', 'medium', 'low'] as const)
    if (findings.some((item) => item.level === level)) return level;
  return 'none';
}

function countsOf(findings: readonly Finding[]): FindingCounts {
  const counts: FindingCounts = { high: 0, medium: 0, low: 0, none: 0, insufficient: 0 };
  for (const item of findings) counts[item.level] += 1;
  return counts;
}

/** 全景报告, 工商信息报告 and 尽职调查报告: one view, sections by what the variant carries. */
export const companyReportView = defineReportView<CompanyReport, SectionId>({
  parse,
  sections: [
    { id: 'profile', title: t('companyData.view.profile') },
    { id: 'relations', title: t('companyData.view.relations') },
    { id: 'risks', title: t('companyData.view.risks') },
    { id: 'own', title: t('companyData.view.own') },
    { id: 'financial', title: t('companyData.view.financial') },
    { id: 'rating', title: t('companyData.view.rating') },
    { id: 'sources', title: t('companyData.view.sources') },
  ],
  cover: (report) => ({
    level: levelOf(report.findings),
    levelRule: '任一高风险事项为高风险，否则任一中风险为中风险，依此类推',
    counts: countsOf(report.findings),
    checkedCount: report.findings.length,
    score: null,
  }),
  disclaimer: t('companyData.view.disclaimer'),
  // 工商信息报告 has no own data (its findings section keeps the registration state); only 尽职调查报告
  // has the financial analysis and the rating.
  shows: (id, report) =>
    id === 'own'
      ? report.variant !== 'BUSINESS_INFO'
      : id === 'financial' || id === 'rating'
        ? report.variant === 'DUE_DILIGENCE'
        : true,
  contents: (report) => ({ sectionId: 'risks', findings: report.findings }),
  renderSection(id, { detail, view: report, mode }) {
    switch (id) {
      case 'profile':
        return <Profile report={report} />;
      case 'relations':
        return <Relations report={report} />;
      case 'risks': {
        const list = { findings: report.findings, annotations: detail.annotations, reportId: detail.id, sources: null };
        return mode === 'screen' ? <FindingsSection {...list} /> : <PrintFindings {...list} />;
      }
      case 'own': {
        const own = report.ownData;
        if (!own) return <span className="tl-muted">-</span>;
        const line = (side: Own) =>
          t('companyData.view.ownLine', {
            count: side.count,
            total: formatFen(side.totalFen),
            parties: side.counterparties,
          });
        return (
          <Descriptions size="small" column={1}>
            <Descriptions.Item label={t('companyData.view.sales')}>{line(own.sales)}</Descriptions.Item>
            <Descriptions.Item label={t('companyData.view.purchases')}>{line(own.purchases)}</Descriptions.Item>
          </Descriptions>
        );
      }
      case 'financial':
        return report.variant === 'DUE_DILIGENCE' ? <Financial report={report} /> : <span className="tl-muted">-</span>;
      case 'rating':
        return report.rating ? (
          <div data-testid="company-rating">
            <Typography.Title level={4}>
              {t('companyData.view.grade', { grade: report.rating.grade, score: report.rating.score })}
            </Typography.Title>
            <ul>
              {report.rating.reasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
            <Typography.Paragraph type="secondary">
              {t('companyData.view.method')}：{report.rating.method}
            </Typography.Paragraph>
          </div>
        ) : (
          <span className="tl-muted">-</span>
        );
      case 'sources':
        return <CompanySources sources={asSources(detail.sources)} />;
    }
  },
});
