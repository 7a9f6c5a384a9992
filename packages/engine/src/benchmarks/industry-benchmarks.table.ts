import type { BenchmarkTable, IndustryBenchmark } from './industry-benchmark.types.js';

/**
 * The default benchmark table: one row per GB/T 4754-2017 section. No tax authority publishes a
 * recent VAT burden or CIT contribution rate by industry (the widely re-posted 22-row table is
 * undated, unsourced and older than the 2018/2019 rate cuts), so every row says 无可靠基准 for
 * them and the burden rules compare the company with its own history instead. The platform
 * operator can enter a benchmark with its source and year for an industry (operator API); the
 * expense-ratio ceilings are the firm's experience thresholds and say so.
 */

export const NO_RELIABLE_BENCHMARK =
  '无可靠基准：未见税务机关公布的近年分行业增值税税负率与所得税贡献率，本行不设这两项基准（税负率与本企业以前年度比较）';
const EXPENSE_SOURCE = '期间费用率上限为本机构经验阈值（制造业30%、服务业50%，参照税务师实务中常用的预警口径）';

type SectionSpec = [code: string, name: string, keywords: string[], expenseRatioMaxPct: number | null];

const SECTIONS: SectionSpec[] = [
  ['A', '农、林、牧、渔业', ['农业', '林业', '畜牧', '渔业', '种植', '养殖'], null],
  ['B', '采矿业', ['采矿', '矿业', '开采'], null],
  ['C', '制造业', ['制造', '加工'], 30],
  ['D', '电力、热力、燃气及水生产和供应业', ['电力', '热力', '燃气', '供水'], null],
  ['E', '建筑业', ['建筑', '工程', '施工', '装饰', '安装'], null],
  ['F', '批发和零售业', ['批发', '零售', '贸易', '商贸'], null],
  ['G', '交通运输、仓储和邮政业', ['运输', '物流', '仓储', '快递'], 50],
  ['H', '住宿和餐饮业', ['住宿', '餐饮', '酒店'], 50],
  ['I', '信息传输、软件和信息技术服务业', ['软件', '信息技术', '互联网', '电信'], 50],
  ['J', '金融业', ['金融', '保险', '证券'], 50],
  ['K', '房地产业', ['房地产', '物业'], 50],
  ['L', '租赁和商务服务业', ['租赁', '商务服务', '咨询', '广告'], 50],
  ['M', '科学研究和技术服务业', ['研究', '技术服务', '设计', '检测'], 50],
  ['N', '水利、环境和公共设施管理业', ['水利', '环境', '环保', '公共设施'], 50],
  ['O', '居民服务、修理和其他服务业', ['居民服务', '修理', '美容', '家政'], 50],
  ['P', '教育', ['教育', '培训', '学校'], 50],
  ['Q', '卫生和社会工作', ['卫生', '医疗', '医院', '诊所', '养老'], 50],
  ['R', '文化、体育和娱乐业', ['文化', '体育', '娱乐', '传媒'], 50],
  ['S', '公共管理、社会保障和社会组织', ['公共管理', '社会组织'], 50],
  ['T', '国际组织', ['国际组织'], 50],
];

function sectionRow([code, name, keywords, expenseRatioMaxPct]: SectionSpec): IndustryBenchmark {
  return {
    key: `${code}-section`,
    name,
    industryCodes: [code],
    keywords,
    regionCode: null,
    vatBurdenPct: null,
    citContributionPct: null,
    expenseRatioMaxPct,
    grossMarginPct: null,
    source: expenseRatioMaxPct === null ? NO_RELIABLE_BENCHMARK : `${NO_RELIABLE_BENCHMARK}；${EXPENSE_SOURCE}`,
  };
}

export const DEFAULT_BENCHMARK_ROWS: readonly IndustryBenchmark[] = [
  ...SECTIONS.map(sectionRow),
  {
    ...sectionRow(['', '行业未知', [], null]),
    key: 'other',
    industryCodes: [],
    isDefault: true,
  },
];

export const DEFAULT_BENCHMARK_TABLE: BenchmarkTable = {
  name: '默认行业基准表（GB/T 4754-2017门类，2026版）',
  rows: [...DEFAULT_BENCHMARK_ROWS],
};
