import { type IndustryRanking, type IndustryRankingRow, reportKindByReportType } from '@taxlens/shared';
import { buildXlsx } from '../../lib/xlsx-export.js';

const percent = (value: number) => `${value.toFixed(1)}%`;
const INSUFFICIENT = '样本不足';

/** The ranking as the page shows it, one row per industry, the platform benchmark beside each figure. */
export function industryRankingXlsx(ranking: IndustryRanking): Promise<Buffer> {
  const kind = ranking.reportType ? (reportKindByReportType(ranking.reportType)?.name ?? ranking.reportType) : '全部';
  const bench = (pick: (row: NonNullable<IndustryRankingRow['benchmark']>) => string) => (row: IndustryRankingRow) =>
    row.benchmark ? pick(row.benchmark) : INSUFFICIENT;
  return buildXlsx(
    `近${ranking.months}个月（${kind}）`,
    [
      { header: '排名', width: 8, value: (row) => row.rank },
      { header: '行业门类', width: 30, value: (row) => `${row.code === '-' ? '' : `${row.code} `}${row.name}` },
      { header: '关注', width: 8, value: (row) => (row.followed ? '是' : '') },
      { header: '客户数', width: 10, value: (row) => row.clientCount },
      { header: '有报告客户数', width: 14, value: (row) => row.reportedCount },
      { header: '高风险占比', value: (row) => percent(row.highShare) },
      { header: '平台高风险占比', value: bench((b) => percent(b.highShare)) },
      { header: '中风险占比', value: (row) => percent(row.mediumShare) },
      { header: '平台中风险占比', value: bench((b) => percent(b.mediumShare)) },
      { header: '低风险占比', value: (row) => percent(row.lowShare) },
      { header: '平台低风险占比', value: bench((b) => percent(b.lowShare)) },
      { header: '平均风险项', value: (row) => row.avgFindings },
      { header: '平台平均风险项', value: bench((b) => String(b.avgFindings)) },
      { header: '平台样本机构数', value: bench((b) => String(b.groups)) },
      {
        header: '高频风险项（客户数）',
        width: 60,
        value: (row) => row.topRiskItems.map((item) => `${item.title}（${item.clients}）`).join('；') || '-',
      },
    ],
    ranking.rows,
  );
}
