import type {
  BenchmarkChoice,
  BenchmarkIndustry,
  BenchmarkMatch,
  BenchmarkTable,
  IndustryBenchmark,
} from './industry-benchmark.types.js';
import { DEFAULT_BENCHMARK_ROWS } from './industry-benchmarks.table.js';

const MATCH_TEXT: Record<BenchmarkMatch, string> = {
  division: '按行业大类代码匹配',
  keyword: '按行业名称关键词匹配',
  section: '按行业门类匹配',
  default: '未匹配到具体行业，使用默认行',
};

/** 'C3911' → 'C39'; 'c' → 'C'; anything else → null. */
function normalizeCode(code: string | null | undefined): { section: string; division: string | null } | null {
  const text = code?.trim().toUpperCase() ?? '';
  const match = /^([A-T])(\d{2})?/.exec(text);
  if (!match?.[1]) return null;
  return { section: match[1], division: match[2] ? `${match[1]}${match[2]}` : null };
}

/** The region's own row wins over a row for every region; otherwise the first row in table order. */
function pick(
  rows: IndustryBenchmark[],
  regionCode: string | null,
): { row: IndustryBenchmark; regional: boolean } | null {
  const regional = regionCode ? rows.find((candidate) => candidate.regionCode === regionCode) : undefined;
  if (regional) return { row: regional, regional: true };
  const general = rows.find((candidate) => candidate.regionCode === null);
  return general ? { row: general, regional: false } : null;
}

function byKeyword(rows: readonly IndustryBenchmark[], name: string): IndustryBenchmark[] {
  let best = 0;
  let matched: IndustryBenchmark[] = [];
  for (const candidate of rows) {
    const length = Math.max(0, ...candidate.keywords.filter((word) => name.includes(word)).map((word) => word.length));
    if (length === 0) continue;
    // The longest keyword is the most specific; ties keep table order.
    if (length > best) {
      best = length;
      matched = [candidate];
    } else if (length === best) {
      matched.push(candidate);
    }
  }
  return matched;
}

function fallbackDefault(table: BenchmarkTable): IndustryBenchmark {
  const own = table.rows.find((candidate) => candidate.isDefault && candidate.regionCode === null);
  if (own) return own;
  // A table saved without a default row still gives every report a benchmark: the built-in one.
  return DEFAULT_BENCHMARK_ROWS.find((candidate) => candidate.isDefault) as IndustryBenchmark;
}

/**
 * The benchmark row for a company: its division code, then keywords of its industry name, then
 * its section letter, then the default row; a row of the company's region beats a national one
 * at each step. Says which row was used and why.
 */
export function benchmarkFor(
  table: BenchmarkTable,
  industry: BenchmarkIndustry,
  regionCode?: string | null,
): BenchmarkChoice {
  const region = regionCode?.trim() || null;
  const code = normalizeCode(industry.code);
  const name = industry.name?.trim() ?? '';
  const steps: { match: BenchmarkMatch; rows: IndustryBenchmark[]; what: string }[] = [];
  if (code?.division) {
    const division = code.division;
    const rows = table.rows.filter((candidate) => candidate.industryCodes.includes(division));
    steps.push({ match: 'division', rows, what: `行业代码${division}` });
  }
  if (name) steps.push({ match: 'keyword', rows: byKeyword(table.rows, name), what: `行业名称“${name}”` });
  if (code) {
    const rows = table.rows.filter((candidate) => candidate.industryCodes.includes(code.section));
    steps.push({ match: 'section', rows, what: `行业门类${code.section}` });
  }
  steps.push({ match: 'default', rows: table.rows.filter((candidate) => candidate.isDefault), what: '' });
  for (const step of steps) {
    const chosen = pick(step.rows, region);
    if (!chosen) continue;
    return choice(table, chosen.row, step.match, chosen.regional, step.what);
  }
  return choice(table, fallbackDefault(table), 'default', false, '');
}

function choice(
  table: BenchmarkTable,
  row: IndustryBenchmark,
  match: BenchmarkMatch,
  regionMatched: boolean,
  what: string,
): BenchmarkChoice {
  const regionText = regionMatched ? `（本地区${row.regionCode}专用行）` : '';
  const basis = what ? `${MATCH_TEXT[match]}（${what}）` : MATCH_TEXT[match];
  return {
    table: table.name,
    row,
    match,
    regionMatched,
    reason: `${basis}，采用“${row.name}”${regionText}；来源：${row.source}。`,
  };
}

/** Short label used in figures and summaries: 行业基准“电子通信设备” 2.65%. */
export function benchmarkLabel(choice: BenchmarkChoice): string {
  return `行业基准“${choice.row.name}”（${choice.table}）`;
}
