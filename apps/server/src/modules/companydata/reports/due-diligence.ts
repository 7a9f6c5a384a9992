/**
 * The due-diligence report's own parts: key figures of the imported statements by year, and a
 * rating A–D built from them and the findings, with every reason that moved it.
 */
import type { FinancialFigureSet, Finding } from '@taxlens/engine';
import type { CompanyProfile } from '../provider.types.js';

export interface YearFigures {
  year: number;
  revenueFen: number | null;
  netProfitFen: number | null;
  totalAssetsFen: number | null;
  totalLiabilitiesFen: number | null;
  /** Percentages with one decimal; null when a figure is missing. */
  debtRatioPct: number | null;
  netMarginPct: number | null;
  revenueGrowthPct: number | null;
}

const pct = (part: number | null, whole: number | null) =>
  part === null || whole === null || whole === 0 ? null : Math.round((part / whole) * 1000) / 10;

/** The year-end (or whole-year) set of a statement in a year: the latest period within it. */
function yearSet(sets: readonly FinancialFigureSet[], statement: string, year: number) {
  return sets
    .filter((set) => set.statement === statement && set.period.startsWith(String(year)))
    .sort((a, b) => (a.period.length === 4 ? 1 : b.period.length === 4 ? -1 : a.period.localeCompare(b.period)))
    .at(-1);
}

export function financialAnalysis(sets: readonly FinancialFigureSet[]): YearFigures[] {
  const years = [...new Set(sets.map((set) => Number(set.period.slice(0, 4))))].sort().slice(-3);
  const rows: YearFigures[] = [];
  for (const year of years) {
    const income = yearSet(sets, 'income_statement', year)?.figures;
    const balance = yearSet(sets, 'balance_sheet', year)?.figures;
    if (!income && !balance) continue;
    const revenue = income?.operatingRevenue ?? null;
    const previous = rows.at(-1);
    rows.push({
      year,
      revenueFen: revenue,
      netProfitFen: income?.netProfit ?? null,
      totalAssetsFen: balance?.totalAssets ?? null,
      totalLiabilitiesFen: balance?.totalLiabilities ?? null,
      debtRatioPct: pct(balance?.totalLiabilities ?? null, balance?.totalAssets ?? null),
      netMarginPct: pct(income?.netProfit ?? null, revenue),
      revenueGrowthPct:
        previous?.year === year - 1 && previous.revenueFen && revenue !== null
          ? pct(revenue - previous.revenueFen, previous.revenueFen)
          : null,
    });
  }
  return rows;
}

export interface CompanyRating {
  grade: 'A' | 'B' | 'C' | 'D';
  score: number;
  reasons: string[];
  method: string;
}

const DEDUCTION = { high: 25, medium: 10, low: 3 } as const;

/**
 * 100 points less: 25 per high, 10 per medium, 3 per low finding; 10 each for a debt ratio above
 * 70%, a net loss and revenue falling more than 20% in the latest year. A ≥ 85, B ≥ 70, C ≥ 50,
 * else D; a deregistered or revoked company is D whatever its score.
 */
export function rateCompany(
  profile: CompanyProfile,
  findings: readonly Finding[],
  years: readonly YearFigures[],
): CompanyRating {
  let score = 100;
  const reasons: string[] = [];
  for (const item of findings) {
    if (item.level === 'high' || item.level === 'medium' || item.level === 'low') {
      score -= DEDUCTION[item.level];
      reasons.push(`${item.title}：${item.summary}（-${DEDUCTION[item.level]}）`);
    }
  }
  const latest = years.at(-1);
  if (!latest) {
    reasons.push('未导入财务报表，财务状况未评（不扣分，评级只反映公开信息）');
  } else {
    if (latest.debtRatioPct !== null && latest.debtRatioPct > 70) {
      score -= 10;
      reasons.push(`${latest.year}年资产负债率${latest.debtRatioPct}%，高于70%（-10）`);
    }
    if (latest.netProfitFen !== null && latest.netProfitFen < 0) {
      score -= 10;
      reasons.push(`${latest.year}年净利润为负（-10）`);
    }
    if (latest.revenueGrowthPct !== null && latest.revenueGrowthPct < -20) {
      score -= 10;
      reasons.push(`${latest.year}年营业收入同比下降${-latest.revenueGrowthPct}%（-10）`);
    }
  }
  score = Math.max(0, score);
  let grade: CompanyRating['grade'] = score >= 85 ? 'A' : score >= 70 ? 'B' : score >= 50 ? 'C' : 'D';
  if (profile.registration === 'deregistered' || profile.registration === 'revoked') {
    grade = 'D';
    reasons.unshift(`登记状态为${profile.statusText}，直接评为D`);
  }
  if (reasons.length === 0) reasons.push('未发现扣分事项');
  return {
    grade,
    score,
    reasons,
    method:
      '满分100分：高风险事项每项扣25分、中风险扣10分、低风险扣3分；资产负债率高于70%、净亏损、营业收入同比下降超过20%各扣10分。85分及以上为A，70分及以上为B，50分及以上为C，其余为D；注销或吊销直接为D。',
  };
}
