/**
 * The offline checks of one invoice, each with a verdict and a reason a person can act on. They
 * say only what local data can say: the verdict of the set is 本地核验, never the tax bureau's.
 */
import { checkCreditCode } from '@taxlens/shared';
import type { InvoiceRiskLevel, InvoiceStatus } from '../../model/invoice.js';
import { chineseAmountToFen, fenToChineseAmount } from '../face-values.js';
import { checkNumberStructure, DIGITAL_KINDS, KIND_NAMES } from '../invoice-kind.js';
import type { InvoiceFace } from '../types.js';
import { rateFitsCode } from './tax-rate.table.js';

export type Verdict = 'pass' | 'warn' | 'fail' | 'no_data';

export const VERDICT_NAMES: Record<Verdict, string> = {
  pass: '通过',
  warn: '需关注',
  fail: '不通过',
  no_data: '数据不足',
};

export type CheckId =
  | 'number'
  | 'qr'
  | 'amounts'
  | 'tax_rate'
  | 'credit_codes'
  | 'date'
  | 'duplicate'
  | 'imported'
  | 'company_risk';

export interface CheckResult {
  id: CheckId;
  title: string;
  verdict: Verdict;
  reason: string;
}

export interface EarlierCheck {
  checkedAt: string;
  checkedBy: string;
}

export interface ImportedMatch {
  companyName: string;
  status: InvoiceStatus;
  statusText: string | null;
  riskLevel: InvoiceRiskLevel | null;
}

export interface CompanyRiskFlag {
  /** 非正常户, 重大税收违法, 经营异常 … */
  label: string;
  detail: string;
}

export interface CheckContext {
  /** Business date today, 'YYYY-MM-DD' (Asia/Shanghai). */
  today: string;
  /** Earlier checks of the same invoice in the group. */
  earlier: EarlierCheck[];
  /** The invoice among the group's imported e-tax-bureau data; null when not there; undefined when the group imported none. */
  imported: ImportedMatch | null | undefined;
  /** Seller's flags from the company-data provider; null when no provider can answer. */
  sellerRisk: CompanyRiskFlag[] | null;
  /** Why there are no flags to compare (shown after 数据不足). */
  sellerRiskNote?: string;
}

const yuan = (fen: number) => (fen / 100).toFixed(2);

function addYears(date: string, years: number): string {
  return `${Number(date.slice(0, 4)) + years}${date.slice(4)}`;
}

function numberCheck(face: InvoiceFace, today: string): CheckResult {
  const title = '号码结构与发票种类';
  const structure = checkNumberStructure(face.code, face.number, today);
  if (!structure.ok) return { id: 'number', title, verdict: 'fail', reason: structure.reason };
  if (structure.kindCode && face.kindCode && structure.kindCode !== face.kindCode) {
    return {
      id: 'number',
      title,
      verdict: 'warn',
      reason: `发票代码对应${KIND_NAMES[structure.kindCode]}，票面为${face.kindName ?? face.kindCode}`,
    };
  }
  if (!face.code && face.kindCode && !DIGITAL_KINDS.has(face.kindCode)) {
    return { id: 'number', title, verdict: 'warn', reason: `${face.kindName ?? face.kindCode}应有发票代码` };
  }
  return { id: 'number', title, verdict: 'pass', reason: structure.reason };
}

function qrCheck(face: InvoiceFace): CheckResult {
  const title = '二维码与票面一致';
  const qr = face.qr;
  if (!qr) return { id: 'qr', title, verdict: 'no_data', reason: '未读取到二维码，未比对' };
  const problems: string[] = [];
  if (qr.number !== face.number) problems.push(`二维码号码${qr.number}与票面${face.number}不符`);
  if ((qr.code ?? null) !== (face.code ?? null))
    problems.push(`二维码代码${qr.code ?? '空'}与票面${face.code ?? '空'}不符`);
  if (qr.date && face.date && qr.date !== face.date) problems.push(`二维码日期${qr.date}与票面${face.date}不符`);
  if (qr.amountFen !== null) {
    // The 数电 amount field may be 价税合计 or 不含税金额 (domain facts §2.6): either matches.
    const candidates = face.code ? [face.amountFen] : [face.totalFen, face.amountFen];
    if (candidates.every((value) => value !== null && value !== qr.amountFen) && candidates.some((v) => v !== null)) {
      problems.push(`二维码金额${yuan(qr.amountFen)}与票面金额不符`);
    }
  }
  if (problems.length > 0) return { id: 'qr', title, verdict: 'fail', reason: problems.join('；') };
  return { id: 'qr', title, verdict: 'pass', reason: '二维码中的号码、日期、金额与票面一致' };
}

function amountsCheck(face: InvoiceFace): CheckResult {
  const title = '金额、税额与价税合计';
  const { amountFen, taxFen, totalFen } = face;
  if (amountFen === null || totalFen === null) {
    return { id: 'amounts', title, verdict: 'no_data', reason: '票面金额或价税合计缺失，未核对' };
  }
  const tax = taxFen ?? 0;
  if (amountFen + tax !== totalFen) {
    return {
      id: 'amounts',
      title,
      verdict: 'fail',
      reason: `金额${yuan(amountFen)} + 税额${yuan(tax)} = ${yuan(amountFen + tax)}，与价税合计${yuan(totalFen)}不符`,
    };
  }
  const lineAmounts = face.lines.map((line) => line.amountFen);
  if (face.lines.length > 0 && lineAmounts.every((value) => value !== null)) {
    const sum = lineAmounts.reduce<number>((total, value) => total + (value ?? 0), 0);
    if (sum !== amountFen) {
      return {
        id: 'amounts',
        title,
        verdict: 'fail',
        reason: `明细金额合计${yuan(sum)}与合计金额${yuan(amountFen)}不符`,
      };
    }
  }
  if (face.totalInWords) {
    const words = chineseAmountToFen(face.totalInWords);
    if (words !== totalFen) {
      return {
        id: 'amounts',
        title,
        verdict: 'fail',
        reason: `大写金额“${face.totalInWords}”与小写${yuan(totalFen)}不符（应为${fenToChineseAmount(totalFen)}）`,
      };
    }
    return { id: 'amounts', title, verdict: 'pass', reason: '金额 + 税额 = 价税合计，大写金额与小写一致' };
  }
  return { id: 'amounts', title, verdict: 'pass', reason: '金额 + 税额 = 价税合计（票面无大写金额可核对）' };
}

function taxRateCheck(face: InvoiceFace): CheckResult {
  const title = '税率与税收分类编码';
  const coded = face.lines.filter((line) => line.taxCode);
  const problems: string[] = [];
  for (const line of face.lines) {
    if (line.amountFen !== null && line.taxFen !== null && line.taxRateBp !== null) {
      const expected = Math.round((line.amountFen * line.taxRateBp) / 10_000);
      // Unit-price rounding on many units can move the tax by a few fen; more is an error.
      if (Math.abs(expected - line.taxFen) > 6) {
        problems.push(
          `${line.name}：金额${yuan(line.amountFen)}×${line.taxRateText}应为${yuan(expected)}，票面税额${yuan(line.taxFen)}`,
        );
      }
    }
  }
  for (const line of coded) {
    const fit = rateFitsCode(line.taxCode ?? '', line.taxRateBp);
    if (fit.fits === false) {
      problems.push(
        `${line.name}：编码${line.taxCode}属${fit.section}，适用税率${fit.expected.map((bp) => `${bp / 100}%`).join('或')}，票面为${line.taxRateText}`,
      );
    }
  }
  if (problems.length > 0) return { id: 'tax_rate', title, verdict: 'warn', reason: problems.join('；') };
  if (coded.length === 0) {
    return {
      id: 'tax_rate',
      title,
      verdict: 'no_data',
      reason:
        face.lines.length > 0 ? '票面税额与税率相符；文件未带税收分类编码，未比对编码' : '未读取到明细行，未核对税率',
    };
  }
  return { id: 'tax_rate', title, verdict: 'pass', reason: '各明细税率与税收分类编码相符，税额与税率相符' };
}

function creditCodeCheck(face: InvoiceFace): CheckResult {
  const title = '销售方/购买方信用代码校验位';
  const parts: string[] = [];
  let verdict: Verdict = 'pass';
  const sides: [string, string | null][] = [
    ['销售方', face.sellerTaxNo],
    ['购买方', face.buyerTaxNo],
  ];
  for (const [side, code] of sides) {
    if (!code) {
      parts.push(`${side}无纳税人识别号`);
      continue;
    }
    const result = checkCreditCode(code);
    if (result === 'valid') parts.push(`${side}${code}校验位正确`);
    else if (result === 'checksum-mismatch') {
      parts.push(`${side}${code}校验位不符（早期试点代码可能如此，请核实）`);
      if (verdict === 'pass') verdict = 'warn';
    } else if (/^[0-9A-Z]{15}$|^[0-9A-Z]{17}$|^[0-9A-Z]{20}$/.test(code)) {
      parts.push(`${side}${code}为旧版纳税人识别号，无校验位`);
    } else {
      parts.push(`${side}${code}不是有效的统一社会信用代码或纳税人识别号`);
      verdict = 'fail';
    }
  }
  if (!face.sellerTaxNo && !face.buyerTaxNo)
    return { id: 'credit_codes', title, verdict: 'no_data', reason: '文件未带纳税人识别号' };
  return { id: 'credit_codes', title, verdict, reason: parts.join('；') };
}

function dateCheck(face: InvoiceFace, today: string): CheckResult {
  const title = '开票日期与可查验期限';
  if (!face.date) return { id: 'date', title, verdict: 'no_data', reason: '未读取到开票日期' };
  if (face.date > today) return { id: 'date', title, verdict: 'fail', reason: `开票日期${face.date}晚于今天` };
  if (face.date === today) {
    return { id: 'date', title, verdict: 'warn', reason: '当日开具的发票次日起方可在全国增值税发票查验平台查验' };
  }
  if (face.date < addYears(today, -5)) {
    return { id: 'date', title, verdict: 'fail', reason: `开票日期${face.date}超过五年，已不能查验` };
  }
  return { id: 'date', title, verdict: 'pass', reason: `开票日期${face.date}在可查验的五年内` };
}

function duplicateCheck(earlier: EarlierCheck[]): CheckResult {
  const title = '重复报销';
  if (earlier.length === 0) return { id: 'duplicate', title, verdict: 'pass', reason: '本集团此前未查验过该发票' };
  const first = earlier[0] as EarlierCheck;
  return {
    id: 'duplicate',
    title,
    verdict: 'warn',
    reason: `重复报销风险：该发票已被查验${earlier.length}次，首次为${first.checkedAt}（${first.checkedBy}）`,
  };
}

function importedCheck(imported: ImportedMatch | null | undefined): CheckResult {
  const title = '电子税务局发票数据比对';
  if (imported === undefined)
    return { id: 'imported', title, verdict: 'no_data', reason: '本集团尚未导入电子税务局发票数据' };
  if (imported === null)
    return { id: 'imported', title, verdict: 'no_data', reason: '已导入的电子税务局发票数据中没有该发票' };
  const where = `在${imported.companyName}导入的发票数据中`;
  if (imported.status === 'void') return { id: 'imported', title, verdict: 'fail', reason: `${where}状态为已作废` };
  if (imported.status === 'red_full')
    return { id: 'imported', title, verdict: 'fail', reason: `${where}状态为已红冲（全额）` };
  if (imported.riskLevel === 'abnormal')
    return { id: 'imported', title, verdict: 'fail', reason: `${where}风险等级为异常凭证` };
  if (imported.status === 'red_partial')
    return { id: 'imported', title, verdict: 'warn', reason: `${where}状态为已红冲（部分）` };
  if (imported.riskLevel === 'suspect')
    return { id: 'imported', title, verdict: 'warn', reason: `${where}风险等级为疑点发票` };
  if (imported.status === 'other') {
    return { id: 'imported', title, verdict: 'warn', reason: `${where}状态为${imported.statusText ?? '其他'}` };
  }
  return { id: 'imported', title, verdict: 'pass', reason: `${where}状态正常` };
}

function companyRiskCheck(flags: CompanyRiskFlag[] | null, note?: string): CheckResult {
  const title = '销售方风险名单';
  if (flags === null) {
    return {
      id: 'company_risk',
      title,
      verdict: 'no_data',
      reason: `数据不足：${note ?? '未配置企业数据来源'}，未比对风险名单`,
    };
  }
  if (flags.length === 0)
    return { id: 'company_risk', title, verdict: 'pass', reason: '销售方不在非正常户、重大税收违法、经营异常名单中' };
  return {
    id: 'company_risk',
    title,
    verdict: 'fail',
    reason: flags.map((flag) => `${flag.label}：${flag.detail}`).join('；'),
  };
}

export function runOfflineChecks(face: InvoiceFace, context: CheckContext): CheckResult[] {
  return [
    numberCheck(face, context.today),
    qrCheck(face),
    amountsCheck(face),
    taxRateCheck(face),
    creditCodeCheck(face),
    dateCheck(face, context.today),
    duplicateCheck(context.earlier),
    importedCheck(context.imported),
    companyRiskCheck(context.sellerRisk, context.sellerRiskNote),
  ];
}

export type OverallVerdict = 'pass' | 'warn' | 'fail';

export const OVERALL_NAMES: Record<OverallVerdict, string> = { pass: '未见异常', warn: '存疑', fail: '异常' };

/** Any failure makes the invoice 异常, any warning 存疑; checks without data do not count. */
export function overallOf(results: CheckResult[]): OverallVerdict {
  if (results.some((result) => result.verdict === 'fail')) return 'fail';
  if (results.some((result) => result.verdict === 'warn')) return 'warn';
  return 'pass';
}
