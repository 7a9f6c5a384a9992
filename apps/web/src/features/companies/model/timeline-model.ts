import type { DataTimeline } from '@taxlens/shared';

/** 'YYYY-MM' months from first to last inclusive. */
export function monthSpan(first: string, last: string): string[] {
  const months: string[] = [];
  let [year, month] = first.split('-').map(Number) as [number, number];
  const [endYear, endMonth] = last.split('-').map(Number) as [number, number];
  while (year < endYear || (year === endYear && month <= endMonth)) {
    months.push(`${year}-${String(month).padStart(2, '0')}`);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return months;
}

export interface TimelineRow {
  key: string;
  label: string;
  /** One entry per month of the span: the count, 0 when the kind has nothing that month. */
  cells: { month: string; count: number }[];
  /** Months of the span the kind does not cover, between its own first and last month. */
  gaps: number;
  covered: number;
}

/** Rows over the common span; kinds with no data at all are kept (an empty row says "none yet"). */
export function timelineRows(timeline: DataTimeline): { months: string[]; rows: TimelineRow[] } {
  if (!timeline.firstMonth || !timeline.lastMonth) return { months: [], rows: [] };
  const months = monthSpan(timeline.firstMonth, timeline.lastMonth);
  const rows = timeline.rows.map((row) => {
    const counts = new Map(row.months.map((entry) => [entry.month, entry.count]));
    const cells = months.map((month) => ({ month, count: counts.get(month) ?? 0 }));
    const own = row.months.map((entry) => entry.month).sort();
    const inside = own.length > 0 ? monthSpan(own[0] ?? '', own.at(-1) ?? '') : [];
    return {
      key: row.key,
      label: row.label,
      cells,
      covered: own.length,
      gaps: inside.filter((month) => !counts.has(month)).length,
    };
  });
  return { months, rows };
}
