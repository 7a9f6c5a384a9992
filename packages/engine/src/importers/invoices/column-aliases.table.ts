/**
 * Header names of the 全量发票查询 export and the variants seen in other export versions and
 * integrations (domain facts §1.1): each canonical field with every header text that means it.
 */
export const INVOICE_COLUMNS = {
  seq: ['序号', 'xh'],
  code: ['发票代码', 'fpdm'],
  number: ['发票号码', 'fphm'],
  digitalNumber: ['数电发票号码', '数电票号码', '全电发票号码', '全电票号码', 'sdfphm', 'qdfphm'],
  sellerTaxNo: [
    '销方识别号',
    '销方纳税人识别号',
    '销售方识别号',
    '销售方纳税人识别号',
    '销方税号',
    '销售方税号',
    'xfsbh',
    'xsfnsrsbh',
  ],
  sellerName: ['销方名称', '销售方名称', '销售方纳税人名称', '销方纳税人名称', 'xfmc', 'xsfmc'],
  buyerTaxNo: [
    '购方识别号',
    '购买方识别号',
    '购方纳税人识别号',
    '购买方纳税人识别号',
    '购方税号',
    '购买方税号',
    'gfsbh',
    'gmfnsrsbh',
  ],
  buyerName: ['购买方名称', '购方名称', '购买方纳税人名称', '购方纳税人名称', 'gfmc', 'gmfmc'],
  issuedAt: ['开票日期', '开票时间', 'kprq'],
  taxCode: ['税收分类编码', '商品和服务税收分类编码', '税收编码', 'ssflbm'],
  specialBusiness: ['特定业务类型', 'tdywlx'],
  itemText: ['货物或应税劳务名称', '货物或应税劳务、服务名称', '项目名称', '商品名称', 'hwlwmc', 'xmmc'],
  spec: ['规格型号', 'ggxh'],
  unit: ['单位', 'dw'],
  quantity: ['数量', 'sl'],
  unitPrice: ['单价', 'dj'],
  amount: ['金额', '合计金额', '不含税金额', 'je', 'hjje'],
  taxRate: ['税率', '征收率', '税率/征收率', 'slv'],
  tax: ['税额', '合计税额', '票面税额', 'se', 'hjse'],
  total: ['价税合计', '价税合计金额', 'jshj'],
  source: ['发票来源', 'fply'],
  kind: ['发票票种', '票种', '发票类型', 'fppz'],
  status: ['发票状态', 'fpzt'],
  positive: ['是否正数发票', 'sfzsfp'],
  riskLevel: ['发票风险等级', 'fpfxdj'],
  issuer: ['开票人', 'kpr'],
  remark: ['备注', 'bz'],
} as const satisfies Record<string, readonly string[]>;

export type InvoiceColumn = keyof typeof INVOICE_COLUMNS;

/** The display name used in messages (the first alias: the export's own wording). */
export function columnDisplayName(column: InvoiceColumn): string {
  return INVOICE_COLUMNS[column][0];
}

/** Columns only the line sheet (信息汇总表) has: their presence makes a sheet the line sheet. */
export const LINE_ONLY_COLUMNS: readonly InvoiceColumn[] = [
  'itemText',
  'taxRate',
  'taxCode',
  'quantity',
  'unitPrice',
  'spec',
  'unit',
];

/** Columns both sheets need; the invoice identity (数电发票号码 or 发票号码) is checked apart. */
export const REQUIRED_COLUMNS: readonly InvoiceColumn[] = [
  'sellerTaxNo',
  'buyerTaxNo',
  'issuedAt',
  'amount',
  'tax',
  'total',
];

/**
 * Canonical form of a header cell: no spaces, no mandatory '*' markers, no '(元)' unit suffix,
 * half-width brackets, lower-case (for the pinyin keys).
 */
export function normalizeHeaderText(text: string): string {
  return text
    .replace(/[\s\u3000]+/g, '')
    .replace(/^\*+|\*+$/g, '')
    .replace(/（/g, '(')
    .replace(/）/g, ')')
    .replace(/\((元|人民币元)\)$/, '')
    .toLowerCase();
}

const aliasIndex = new Map<string, InvoiceColumn>();
for (const [column, aliases] of Object.entries(INVOICE_COLUMNS) as [InvoiceColumn, readonly string[]][]) {
  for (const alias of aliases) aliasIndex.set(normalizeHeaderText(alias), column);
}

export function columnForHeader(text: string): InvoiceColumn | null {
  return aliasIndex.get(normalizeHeaderText(text)) ?? null;
}
