import type { NormalizedInvoice } from '../../model/invoice.js';
import { percent, share } from '../../rules/display.js';
import { FINDING_LEVEL_LABELS, type FindingCounts } from '../../rules/finding.types.js';
import { monthOf } from './invoice-calendar.js';
import { rateLabelOf } from './invoice-classify.js';
import type { SideView } from './invoice-context.js';
import type { InvoiceOverview, MoneyTotals, OverallLevel, SideOverview } from './invoice-report.types.js';

export const OVERALL_LEVEL_RULE =
  '有任一高风险发现即为高风险；否则有中风险发现为中风险；否则有低风险发现为低风险；否则为未发现明显风险。数据不足的规则不参与定级，但在报告中列出。';

const OVERALL_LABELS: Readonly<Record<OverallLevel, string>> = {
  high: FINDING_LEVEL_LABELS.high,
  medium: FINDING_LEVEL_LABELS.medium,
  low: FINDING_LEVEL_LABELS.low,
  none: '未发现明显风险',
};

export function overallLevelOf(counts: FindingCounts): OverallLevel {
  if (counts.high > 0) return 'high';
  if (counts.medium > 0) return 'medium';
  if (counts.low > 0) return 'low';
  return 'none';
}

function zero(): MoneyTotals {
  return { count: 0, amountFen: 0, taxFen: 0, totalFen: 0 };
}

function add(totals: MoneyTotals, amountFen: number, taxFen: number, totalFen: number): void {
  totals.count += 1;
  totals.amountFen += amountFen;
  totals.taxFen += taxFen;
  totals.totalFen += totalFen;
}

function addInvoice(totals: MoneyTotals, invoice: NormalizedInvoice): void {
  add(totals, invoice.amountFen, invoice.taxFen, invoice.totalFen);
}

function totalsBy(map: Map<string, MoneyTotals>, key: string): MoneyTotals {
  let totals = map.get(key);
  if (!totals) {
    totals = zero();
    map.set(key, totals);
  }
  return totals;
}

/** One side's figures: non-void invoices with red ones netted in; void ones counted apart. */
export function sideOverviewOf(side: SideView, months: readonly string[]): SideOverview {
  const byMonth = new Map<string, MoneyTotals>(months.map((month) => [month, zero()]));
  const byKind = new Map<string, MoneyTotals>();
  const net = zero();
  const blue = zero();
  const red = zero();
  const voided = zero();
  for (const invoice of side.all) {
    if (invoice.status === 'void') {
      addInvoice(voided, invoice);
      continue;
    }
    addInvoice(net, invoice);
    addInvoice(invoice.isPositive ? blue : red, invoice);
    addInvoice(totalsBy(byMonth, monthOf(invoice.issuedAt)), invoice);
    addInvoice(totalsBy(byKind, invoice.kindText ?? invoice.kindCode ?? '未注明'), invoice);
  }
  const byRate = new Map<string, MoneyTotals>();
  for (const line of side.lines) add(totalsBy(byRate, rateLabelOf(line)), line.amountFen, line.taxFen, line.totalFen);
  return {
    byMonth: [...byMonth].sort(([a], [b]) => a.localeCompare(b)).map(([month, totals]) => ({ month, ...totals })),
    byRate: [...byRate].sort((a, b) => b[1].amountFen - a[1].amountFen).map(([rate, totals]) => ({ rate, ...totals })),
    byKind: [...byKind].sort((a, b) => b[1].amountFen - a[1].amountFen).map(([kind, totals]) => ({ kind, ...totals })),
    net,
    blue,
    red: {
      ...red,
      amountRatioPct: percent(share(0 - red.amountFen, blue.amountFen)),
      countRatioPct: percent(share(red.count, blue.count)),
    },
    void: { ...voided, countRatioPct: percent(share(voided.count, side.all.length)) },
  };
}

export function buildOverview(
  counts: FindingCounts,
  sides: { sales: SideView; purchases: SideView },
  months: readonly string[],
): InvoiceOverview {
  const level = overallLevelOf(counts);
  return {
    level,
    levelLabel: OVERALL_LABELS[level],
    levelRule: OVERALL_LEVEL_RULE,
    counts,
    sales: sideOverviewOf(sides.sales, months),
    purchases: sideOverviewOf(sides.purchases, months),
  };
}
