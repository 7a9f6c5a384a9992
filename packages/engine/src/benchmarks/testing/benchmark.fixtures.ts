import type { BenchmarkTable, IndustryBenchmark } from '../industry-benchmark.types.js';

/**
 * Test-only table with made-up-for-arithmetic figures in the shape operators enter (division and
 * section rows, keywords, a region row can be added): the lookup and the burden rules are tested
 * against it. Its figures are the old undated table's and must never reach a report.
 */

export const VAT_TABLE_SOURCE = '测试用税负率，仅用于验证计算';
const EXPENSE_SOURCE = '测试用期间费用率上限';
const MANUFACTURING = `${VAT_TABLE_SOURCE}；${EXPENSE_SOURCE}`;

type RowSpec = [key: string, name: string, vatBurdenPct: number, codes: string[], keywords: string[]];

// [key, 表中行业名, 税负率%, GB/T 4754 门类/大类, 名称关键词]
const MANUFACTURING_ROWS: RowSpec[] = [
  ['C13-agri-food', '农副食品加工', 3.5, ['C13'], ['农副食品']],
  ['C14-food-beverage', '食品饮料', 4.5, ['C14', 'C15'], ['食品', '饮料', '酒', '精制茶']],
  ['C17-textiles', '纺织品（化纤）', 2.25, ['C17', 'C28'], ['纺织', '化纤', '化学纤维']],
  [
    'C18-apparel-leather',
    '纺织服装、皮革羽毛（绒）及制品',
    2.91,
    ['C18', 'C19'],
    ['服装', '服饰', '皮革', '羽毛', '羽绒', '制鞋'],
  ],
  ['C22-paper', '造纸及纸制品业', 5.0, ['C22'], ['造纸', '纸制品']],
  ['building-materials', '建材产品', 4.98, [], ['建材', '建筑材料']],
  ['C26-chemicals', '化工产品', 3.35, ['C26'], ['化工', '化学原料', '化学制品']],
  ['C27-pharmaceuticals', '医药制造业', 8.5, ['C27'], ['医药', '药品']],
  ['C16-tobacco', '卷烟加工', 12.5, ['C16'], ['卷烟', '烟草']],
  ['C29-plastics', '塑料制品业', 3.5, ['C29'], ['塑料', '橡胶']],
  ['C30-non-metallic', '非金属矿物制品业', 5.5, ['C30'], ['非金属矿物', '水泥', '玻璃', '陶瓷']],
  ['C33-metal-products', '金属制品业', 2.2, ['C33'], ['金属制品']],
  [
    'C34-machinery-transport',
    '机械交通运输设备',
    3.7,
    ['C34', 'C35', 'C36', 'C37'],
    ['通用设备', '专用设备', '汽车', '交通运输设备', '船舶', '机械设备'],
  ],
  ['C39-electronics', '电子通信设备', 2.65, ['C39'], ['电子设备', '电子元件', '电子产品', '通信设备', '计算机制造']],
  ['C41-crafts-other', '工艺品及其他制造业', 3.5, ['C24', 'C41'], ['工艺品', '文教', '体育用品', '娱乐用品']],
  ['C38-electrical', '电气机械及器材', 3.7, ['C38'], ['电气机械', '电气设备', '电线电缆', '器材']],
  ['plastic-steel-windows', '塑钢门窗', 2.41, [], ['塑钢', '门窗']],
  ['machining', '机械加工', 1.77, [], ['机械加工']],
];

function row(
  key: string,
  name: string,
  vatBurdenPct: number,
  industryCodes: string[],
  keywords: string[],
  expenseRatioMaxPct: number | null,
  source: string,
): IndustryBenchmark {
  return {
    key,
    name,
    industryCodes,
    keywords,
    regionCode: null,
    vatBurdenPct,
    citContributionPct: null,
    expenseRatioMaxPct,
    grossMarginPct: null,
    source,
  };
}

const SERVICE_SECTIONS = ['G', 'H', 'I', 'J', 'K', 'L', 'M', 'N', 'O', 'P', 'Q', 'R', 'S', 'T'];

export const TEST_BENCHMARK_ROWS: readonly IndustryBenchmark[] = [
  ...MANUFACTURING_ROWS.map(([key, name, vat, codes, words]) => row(key, name, vat, codes, words, 30, MANUFACTURING)),
  row(
    'D44-power-heat',
    '电力、热力的生产和供应业',
    4.95,
    ['D44'],
    ['电力', '热力', '供电', '供热'],
    null,
    VAT_TABLE_SOURCE,
  ),
  // The F section has no finer code in most company records; wholesale's lower figure avoids false alarms.
  row('F51-wholesale', '商业批发', 0.9, ['F51', 'F'], ['批发'], null, VAT_TABLE_SOURCE),
  row('F52-retail', '商业零售', 2.5, ['F52'], ['零售'], null, VAT_TABLE_SOURCE),
  row('C-other', '其他（制造业未细分）', 3.5, ['C'], [], 30, `${VAT_TABLE_SOURCE}中“其他”行；${EXPENSE_SOURCE}`),
  row(
    'services-other',
    '其他（服务业）',
    3.5,
    SERVICE_SECTIONS,
    [],
    50,
    `${VAT_TABLE_SOURCE}中“其他”行；${EXPENSE_SOURCE}`,
  ),
  { ...row('other', '其他', 3.5, [], [], null, `${VAT_TABLE_SOURCE}中“其他”行`), isDefault: true },
];

export const TEST_BENCHMARK_TABLE: BenchmarkTable = {
  name: '测试用行业基准表',
  rows: [...TEST_BENCHMARK_ROWS],
};
