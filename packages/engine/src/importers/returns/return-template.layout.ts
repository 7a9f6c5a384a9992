import { FINANCIAL_FIGURES } from '@taxlens/shared';

/**
 * The product's own return-summary template: one sheet per tax, one row per period, a column
 * per catalogue figure. The reader finds columns by header text (and known aliases), so a user
 * who reorders or drops columns, or copies headers from the tax return, is still understood.
 */

export type ReturnKind = 'vat_return' | 'cit_return';

export interface ReturnColumn {
  /** 'period', 'taxpayerType' or a figure key of the catalogue. */
  id: string;
  header: string;
  unit: 'period' | 'taxpayerType' | 'fen' | 'bp';
  /** Other headers that mean the same column (from the official return forms), normalised. */
  aliases: readonly string[];
}

export interface ReturnSheetLayout {
  kind: ReturnKind;
  sheetName: string;
  title: string;
  notes: string;
  columns: readonly ReturnColumn[];
}

/** Row numbers of the template; the reader looks for the header instead of trusting them. */
export const RETURN_TEMPLATE_ROWS = { title: 1, notes: 2, header: 3, firstData: 4 } as const;

const PERIOD_NOTE =
  '所属期写作 2024-03（月度）、2024-Q1（季度）或 2024（年度），每行一个所属期；金额单位为元，可保留两位小数，负数前加“-”；未发生或不适用的项目留空。';

const PERIOD_ALIASES = ['所属期', '税款所属期', '所属期间', '期间', '申报期间', '属期'];
const TAXPAYER_TYPE_ALIASES = ['纳税人类型', '纳税人性质', '纳税人资格'];
const FIGURE_ALIASES: Record<ReturnKind, Record<string, readonly string[]>> = {
  vat_return: {
    taxableSalesGeneral: ['按适用税率计税销售额', '一般计税销售额', '一般计税方法销售额'],
    taxableSalesSimplified: ['按简易办法计税销售额', '简易计税销售额', '简易计税方法销售额'],
    outputTax: ['销项税'],
    inputTax: ['进项税'],
    inputTaxTransferredOut: ['进项转出'],
    openingCreditBalance: ['期初留抵税额'],
    taxPayable: ['应纳税额合计'],
    taxPaid: ['实际缴纳', '本期已缴税额', '实缴税额', '已缴税额'],
  },
  cit_return: {
    taxPayable: ['本年实际应纳所得税额'],
    taxPrepaid: ['已预缴', '已预缴税额', '本年累计实际已缴纳的所得税额', '本年累计已预缴所得税额', '已缴纳所得税额'],
  },
};

export function normalizeReturnHeader(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\s*★]/g, '')
    .replace(/\((?:元|%|百分比|人民币元)\)$/, '');
}

function figureColumns(kind: ReturnKind): ReturnColumn[] {
  return FINANCIAL_FIGURES[kind].map((figure) => ({
    id: figure.key,
    header: `${figure.label}（${figure.unit === 'bp' ? '%' : '元'}）`,
    unit: figure.unit,
    aliases: [normalizeReturnHeader(figure.label), ...(FIGURE_ALIASES[kind][figure.key] ?? [])],
  }));
}

const periodColumn: ReturnColumn = { id: 'period', header: '所属期', unit: 'period', aliases: PERIOD_ALIASES };

export const RETURN_SHEETS: Record<ReturnKind, ReturnSheetLayout> = {
  vat_return: {
    kind: 'vat_return',
    sheetName: '增值税申报汇总',
    title: '增值税申报汇总表',
    notes: `填写说明：${PERIOD_NOTE}纳税人类型填写“一般纳税人”或“小规模纳税人”。数字取自增值税纳税申报表主表“本月数”（按季申报的填本季数）。`,
    columns: [
      periodColumn,
      {
        id: 'taxpayerType',
        header: '纳税人类型',
        unit: 'taxpayerType',
        aliases: TAXPAYER_TYPE_ALIASES,
      },
      ...figureColumns('vat_return'),
    ],
  },
  cit_return: {
    kind: 'cit_return',
    sheetName: '企业所得税申报汇总',
    title: '企业所得税申报汇总表',
    notes: `填写说明：${PERIOD_NOTE}税率填写 25% 或 0.25。按季度预缴的，金额照抄预缴申报表上的本年累计数；年度汇算清缴的，所属期填年度（如 2024）。`,
    columns: [periodColumn, ...figureColumns('cit_return')],
  },
};
