/**
 * A 全量发票查询 export shaped as real ones are (domain facts §1.7), written by hand for the
 * importer tests: 信息汇总表 first, then 发票基础信息 closed by a 合计行, then special-business
 * sheets and a sheet the importer does not know; `--` in 数电发票号码 of old-system invoices, a
 * blank voided invoice, a `(详见销货清单)` invoice, both red-remark forms, every 税率 word,
 * 规格型号 `*`, buyer IDs of 15/18/20 characters and an ID card, a mistyped buyer ID, and one
 * counterparty with and without its tax number.
 */
import {
  SPECIAL_SHEET_COLUMNS,
  SPECIAL_SHEET_HEAD,
  type SpecialBusiness,
} from '../../fixtures/invoice-export.layout.js';
import {
  COMPANY,
  CUSTOMER,
  INVOICE_HEADER_ROW,
  type InvoiceHeader,
  invoiceRow,
  LINE_HEADER_ROW,
  type LineHeader,
  lineRow,
  SUPPLIER,
  type TestCell,
  TITLE_ROWS,
  xlsxBuffer,
} from './invoice-export.test-support.js';

type Head = Partial<Record<InvoiceHeader, TestCell>>;

const OLD = { 发票来源: '增值税发票管理系统', 数电发票号码: '--' } as const;

/** An individual buyer identified by a (valid) resident ID number. */
export const ID_CARD_BUYER = { taxNo: '11010519491231002X', name: '张三' };
/** 15-character old tax number: region 310115 + 组织机构代码 769914581. */
export const OLD_TAX_NO_BUYER = { taxNo: '310115769914581', name: '示例旧号贸易有限公司' };
/** 20 characters: an ID number + household 01 (个体工商户). */
export const HOUSEHOLD_BUYER = { taxNo: '11010519491231002X01', name: '示例区张三便利店' };
/** Mistyped by the issuer: a letter O for a zero. */
export const MISTYPED_BUYER = { taxNo: '91330681MA7F19UC2O', name: '示例笔误商贸有限公司' };
/** The same counterparty once with its number and full-width brackets, once without and half-width. */
export const TIANCHENG = { taxNo: '913101150934986600', name: '天诚（山东）示例材料有限公司' };

export const OLD_BLUE = { 发票代码: '011002100111', 发票号码: '12345678' };
export const OLD_BLUE_KEY = '011002100111:12345678';
export const BLANK_VOID_KEY = '011002100111:12345679';
export const RED_OF_OLD = '24112000000100000001';
export const LIST_INVOICE = '24112000000100000002';
export const RED_OF_LIST = '24112000000100000003';
export const BUILDING = '24532000000100000004';
export const TRAIN = '24532000000100000005';
export const RATES = '24112000000100000006';
export const HOUSEHOLD = '24112000000100000007';
export const MISTYPED = '24112000000100000008';
export const TIANCHENG_WITH = '24112000000100000009';
export const TIANCHENG_WITHOUT = '24112000000100000010';

const sale = (buyer: { taxNo: string; name: string }): Head => ({ 购方识别号: buyer.taxNo, 购买方名称: buyer.name });
const purchase: Head = {
  销方识别号: SUPPLIER.taxNo,
  销方名称: SUPPLIER.name,
  购方识别号: COMPANY.taxNo,
  购买方名称: COMPANY.name,
};
const digital = (number: string): Head => ({ 发票代码: null, 发票号码: null, 数电发票号码: number });
const money = (amount: string, tax: string | null, total: string) => ({ 金额: amount, 税额: tax, 价税合计: total });

/** Each invoice: its 发票基础信息 values and its 信息汇总表 lines (line-only values). */
interface SampleInvoice {
  head: Head;
  lines: Partial<Record<LineHeader, TestCell>>[];
}

const INVOICES: SampleInvoice[] = [
  {
    head: {
      ...OLD,
      ...OLD_BLUE,
      ...sale(ID_CARD_BUYER),
      开票日期: '2023-11-02 10:11:12',
      发票票种: '增值税电子普通发票',
      发票状态: '已红冲-全额',
      ...money('1000.00', '130.00', '1130.00'),
    },
    lines: [{ 规格型号: '*', 单位: '*' }],
  },
  {
    head: {
      ...digital(RED_OF_OLD),
      ...sale(ID_CARD_BUYER),
      开票日期: '2024-01-05 09:00:00',
      发票票种: '数电发票（普通发票）',
      是否正数发票: '否',
      备注: '被红冲蓝字发票号码：12345678 被红冲蓝字发票代码：011002100111',
      ...money('-1000.00', '-130.00', '-1130.00'),
    },
    lines: [{ 数量: '-1' }],
  },
  {
    head: {
      ...digital(LIST_INVOICE),
      开票日期: '2024-02-01 08:30:00',
      发票状态: '已红冲-部分',
      ...money('600.00', '78.00', '678.00'),
    },
    lines: [
      { 货物或应税劳务名称: '(详见销货清单)', 税收分类编码: null, 单位: null, 数量: null, 单价: null, 税率: null },
      { 货物或应税劳务名称: '*纸制品*复印纸', 数量: '10', 单价: '20', ...money('200.00', '26.00', '226.00') },
      { 货物或应税劳务名称: '*纸制品*打印纸', 数量: '10', 单价: '20', ...money('200.00', '26.00', '226.00') },
      { 货物或应税劳务名称: '*纸制品*便签纸', 数量: '20', 单价: '10', ...money('200.00', '26.00', '226.00') },
    ],
  },
  {
    head: {
      ...digital(RED_OF_LIST),
      开票日期: '2024-02-20 14:00:00',
      是否正数发票: '否',
      备注: `被红冲蓝字数电票号码：${LIST_INVOICE} 红字发票信息确认单编号：24112000000100009999`,
      ...money('-200.00', '-26.00', '-226.00'),
    },
    lines: [{ 货物或应税劳务名称: '*纸制品*复印纸', 数量: null, 单价: null }],
  },
  {
    head: {
      ...OLD,
      发票代码: '011002100111',
      发票号码: '12345679',
      购方识别号: '000000000000000',
      购买方名称: null,
      开票日期: '2023-11-03 16:00:00',
      发票票种: '增值税电子普通发票',
      发票状态: '已作废',
      金额: null,
      税额: null,
      价税合计: null,
    },
    lines: [{ 货物或应税劳务名称: null, 税收分类编码: null, 单位: null, 数量: null, 单价: null, 税率: null }],
  },
  {
    head: {
      ...digital(BUILDING),
      ...purchase,
      开票日期: '2024-03-10 11:00:00',
      ...money('10000.00', '900.00', '10900.00'),
    },
    lines: [{ 货物或应税劳务名称: '*建筑服务*工程服务', 特定业务类型: '建筑服务', 税率: '9%' }],
  },
  {
    head: {
      ...digital(TRAIN),
      ...purchase,
      开票日期: '2024-03-12 07:45:00',
      发票票种: '数电发票（铁路电子客票）',
      ...money('100.00', '9.00', '109.00'),
    },
    lines: [{ 货物或应税劳务名称: '*运输服务*铁路旅客运输服务', 税率: '9%', 规格型号: null }],
  },
  {
    head: {
      ...digital(RATES),
      ...sale(OLD_TAX_NO_BUYER),
      开票日期: '2024-04-01 10:00:00',
      ...money('400.00', '0.00', '400.00'),
    },
    lines: [
      { 货物或应税劳务名称: '*蔬菜*鲜蔬菜', 税率: '免税', ...money('100.00', '***', '100.00') },
      { 货物或应税劳务名称: '*金融服务*代收款', 税率: '不征税', ...money('100.00', '0.00', '100.00') },
      { 货物或应税劳务名称: '*出口货物*显示器', 税率: '0%', ...money('100.00', '0.00', '100.00') },
      { 货物或应税劳务名称: '*其他*其他', 税率: null, ...money('100.00', null, '100.00') },
    ],
  },
  {
    head: {
      ...digital(HOUSEHOLD),
      ...sale(HOUSEHOLD_BUYER),
      开票日期: '2024-04-02 10:00:00',
      ...money('100.00', '13.00', '113.00'),
    },
    lines: [{}],
  },
  {
    head: {
      ...digital(MISTYPED),
      ...sale(MISTYPED_BUYER),
      开票日期: '2024-04-03 10:00:00',
      ...money('100.00', '13.00', '113.00'),
    },
    lines: [{}],
  },
  {
    head: {
      ...digital(TIANCHENG_WITH),
      ...sale(TIANCHENG),
      开票日期: '2024-04-04 10:00:00',
      ...money('100.00', '13.00', '113.00'),
    },
    lines: [{}],
  },
  {
    head: {
      ...digital(TIANCHENG_WITHOUT),
      购方识别号: null,
      购买方名称: '天诚(山东)示例材料有限公司',
      开票日期: '2024-04-05 10:00:00',
      ...money('100.00', '13.00', '113.00'),
    },
    lines: [{}],
  },
];

/** Default line values per invoice: one line carrying the invoice's whole amount at 13%. */
function linesOf(invoice: SampleInvoice): TestCell[][] {
  return invoice.lines.map((line) =>
    lineRow({
      ...invoice.head,
      金额: invoice.head.金额 ?? null,
      税额: invoice.head.税额 ?? null,
      价税合计: invoice.head.价税合计 ?? null,
      数量: '1',
      单价: invoice.head.金额 ?? null,
      ...line,
    }),
  );
}

function specialRow(seq: number, invoice: Head, own: readonly string[]): TestCell[] {
  const row = invoiceRow({ ...invoice, 序号: seq });
  const byHeader = new Map(INVOICE_HEADER_ROW.map((header, index) => [header, row[index] ?? null]));
  return [...SPECIAL_SHEET_HEAD.map((header) => byHeader.get(header) ?? null), ...own];
}

function specialSheet(name: SpecialBusiness, rows: TestCell[][]) {
  return { name, rows: [[...SPECIAL_SHEET_HEAD, ...SPECIAL_SHEET_COLUMNS[name]], ...rows] };
}

const headOf = (key: string) => INVOICES.find((invoice) => invoice.head.数电发票号码 === key)?.head ?? {};

/** The other four special-business sheets of §1.7, each naming invoices of the sample. */
function moreSpecialSheets() {
  return [
    specialSheet('不动产经营租赁服务', [
      specialRow(1, headOf(RATES), [
        '苏(2023)苏州市不动产权第0000123号',
        '苏州市工业园区示例路1号',
        '2024-01-01',
        '2024-12-31',
        '',
      ]),
    ]),
    specialSheet('旅客运输服务', [
      specialRow(1, headOf(TRAIN), ['赵六', '11010519491231006X', '2024-03-12', '北京', '上海', '飞机', '经济舱']),
    ]),
    specialSheet('货物运输服务', [specialRow(1, headOf(BUILDING), ['汽车', '苏E12345', '苏州', '南京', '钢材'])]),
    specialSheet('机动车销售统一发票', [
      specialRow(1, headOf(HOUSEHOLD), [
        '轿车',
        '示例牌SL7150',
        '江苏',
        'WAC123456789',
        'E123456',
        'LSVAA000000000001',
      ]),
    ]),
  ];
}

export async function realShapedExport(options: { allSpecialSheets?: boolean } = {}): Promise<Buffer> {
  let lineSeq = 0;
  const lineRows = INVOICES.flatMap(linesOf).map((row) => {
    lineSeq += 1;
    row[0] = lineSeq;
    return row;
  });
  const invoiceRows = INVOICES.map((invoice, index) => invoiceRow({ ...invoice.head, 序号: index + 1 }));
  const totalRow: TestCell[] = INVOICE_HEADER_ROW.map(() => null);
  totalRow[0] = '合计行';
  totalRow[9] = '11300.00';
  totalRow[10] = '1072.00';
  return xlsxBuffer([
    { name: '信息汇总表', rows: [...TITLE_ROWS, LINE_HEADER_ROW, ...lineRows] },
    { name: '发票基础信息', rows: [...TITLE_ROWS, INVOICE_HEADER_ROW, ...invoiceRows, totalRow] },
    specialSheet('建筑服务', [
      specialRow(1, headOf(BUILDING), ['3205002024000123', '江苏省苏州市工业园区', '示例园区厂房改造工程']),
    ]),
    specialSheet('铁路电子客票', [
      specialRow(1, headOf(TRAIN), [
        '李四',
        '110105194912310021',
        '北京南',
        '上海虹桥',
        'G1',
        '2024-03-12',
        '07:45',
        '二等座',
      ]),
      specialRow(2, headOf(TRAIN), [
        '王五',
        '11010519491231004X',
        '北京南',
        '上海虹桥',
        'G1',
        '2024-03-12',
        '07:45',
        '二等座',
      ]),
    ]),
    ...(options.allSpecialSheets ? moreSpecialSheets() : []),
    { name: '导出说明', rows: [['本文件由电子税务局导出，仅供参考'], ['导出时间：2024-05-01 10:00:00']] },
  ]);
}

/** What the export holds, for the assertions. */
export const REAL_SAMPLE = {
  invoiceCount: INVOICES.length,
  /** Lines imported: every line row but the blank-void row and the 详见销货清单 summary. */
  lineCount: INVOICES.reduce((sum, invoice) => sum + invoice.lines.length, 0) - 2,
  customer: CUSTOMER,
};
