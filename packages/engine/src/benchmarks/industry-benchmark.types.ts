/**
 * Industry benchmarks the tax report compares a company with. The operator edits the table (the
 * server stores it); the engine only reads it. Percentages are plain numbers (3.5 = 3.5%): they are
 * ratios, not money, and the operator types them that way.
 */

export interface GrossMarginBand {
  lowPct: number;
  highPct: number;
}

export interface IndustryBenchmark {
  /** Stable key of the row, e.g. 'C39-electronics'. */
  key: string;
  /** Chinese name of the row as the source prints it, e.g. 电子通信设备. */
  name: string;
  /**
   * GB/T 4754-2017 codes the row stands for: a section letter ('F') or a division ('C39'). A row
   * may list several; an empty list means the row is reached only by keyword or as the default.
   */
  industryCodes: string[];
  /** Words matched against the company's industry name (批发, 零售, 医药…). */
  keywords: string[];
  /** GB/T 2260 region code (省级 or 计划单列市) the row applies to; null for every region. */
  regionCode: string | null;
  /** 增值税税负率 = 应纳税额 ÷ 应税销售额, in %. */
  vatBurdenPct: number | null;
  /** 所得税贡献率 = 应纳所得税额 ÷ 营业收入, in %. */
  citContributionPct: number | null;
  /** 期间费用率 upper limit, in %. */
  expenseRatioMaxPct: number | null;
  grossMarginPct: GrossMarginBand | null;
  /** Where the figures come from, in Chinese, honestly labelled. */
  source: string;
  /** The row used when nothing else matches; a table has one. */
  isDefault?: boolean;
}

export interface BenchmarkTable {
  /** Shown in reports, e.g. 默认行业基准表（2025版）. */
  name: string;
  rows: IndustryBenchmark[];
}

export interface BenchmarkIndustry {
  /** GB/T 4754 section letter or division code ('C', 'C39', 'C3911'). */
  code?: string | null;
  /** Free text such as 批发业 or 电子元件制造. */
  name?: string | null;
}

export type BenchmarkMatch = 'division' | 'keyword' | 'section' | 'default';

/** The row a report used and why, so every comparison can name its benchmark. */
export interface BenchmarkChoice {
  table: string;
  row: IndustryBenchmark;
  match: BenchmarkMatch;
  regionMatched: boolean;
  /** One Chinese sentence: which row and why. */
  reason: string;
}
