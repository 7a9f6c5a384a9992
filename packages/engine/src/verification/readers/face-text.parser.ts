/**
 * Reads an invoice face from its printed text (PDF text layer, OFD page text without a tag map):
 * labelled values by pattern. Buyer and seller sit side by side on the face, so the first 名称 and
 * 识别号 met in reading order are the buyer's, the second the seller's.
 */
import { faceDateOf, taxRateBpOf, yuanToFen } from '../face-values.js';
import { KIND_NAMES, kindOfCode } from '../invoice-kind.js';
import { emptyFace, type InvoiceFace, type InvoiceLine } from '../types.js';

const TITLES: [RegExp, string][] = [
  [/电子发票[(（]增值税专用发票[)）]|数电票[(（]增值税专用发票[)）]/, '81'],
  [/电子发票[(（]普通发票[)）]|数电票[(（]普通发票[)）]/, '82'],
  [/电子发票[(（]铁路电子客票[)）]/, '51'],
  [/电子发票[(（]航空运输电子客票行程单[)）]/, '61'],
  [/增值税电子专用发票/, '08'],
  [/增值税电子普通发票/, '10'],
  [/增值税专用发票/, '01'],
  [/增值税普通发票/, '04'],
];

const MONEY = String.raw`-?[¥￥]?\s*-?\d[\d,]*\.\d{2}`;
const TAX_ID = /(?:统一社会信用代码\s*\/\s*纳税人识别号|纳税人识别号)\s*[:：]\s*([0-9A-Z]{15,20})/g;
const NAME = /名\s*称\s*[:：]\s*([^\s:：]+)/g;

function first(text: string, pattern: RegExp): string | null {
  return pattern.exec(text)?.[1]?.trim() ?? null;
}

/** The face values in a text, or null when the text carries no invoice number. */
export function parseFaceText(text: string): InvoiceFace | null {
  const flat = text.replace(/\u3000/g, ' ');
  const number = first(flat, /发票号码\s*[:：]?\s*(\d{20}|\d{8})(?!\d)/);
  if (!number) return null;
  const face = emptyFace(number);
  face.code = first(flat, /发票代码\s*[:：]?\s*(\d{12}|\d{10})(?!\d)/);
  const title = TITLES.find(([pattern]) => pattern.test(flat));
  face.kindCode = face.code ? kindOfCode(face.code) : (title?.[1] ?? (number.length === 20 ? '82' : null));
  if (face.kindCode === '99') face.kindCode = title?.[1] ?? null;
  face.kindName = face.kindCode ? (KIND_NAMES[face.kindCode] ?? null) : null;
  face.date = faceDateOf(
    first(flat, /开票日期\s*[:：]?\s*(\d{4}\s*年\s*\d{1,2}\s*月\s*\d{1,2}\s*日|\d{4}-\d{2}-\d{2})/),
  );
  const check = first(flat, /校\s*验\s*码\s*[:：]?\s*((?:\d{5}\s*){4})/);
  face.checkCode = check ? check.replace(/\s/g, '') : null;
  const names = [...flat.matchAll(NAME)].map((match) => match[1] as string);
  const ids = [...flat.matchAll(TAX_ID)].map((match) => match[1] as string);
  face.buyerName = names[0] ?? null;
  face.sellerName = names[1] ?? null;
  face.buyerTaxNo = ids[0] ?? null;
  face.sellerTaxNo = ids[1] ?? null;
  const totals = new RegExp(String.raw`合\s*计\s*(${MONEY})\s+(${MONEY}|\*+)`).exec(flat);
  face.amountFen = yuanToFen(totals?.[1]);
  face.taxFen = yuanToFen(totals?.[2]);
  face.totalInWords = first(
    flat,
    /价税合计\s*[(（]\s*大写\s*[)）]\s*[:：]?\s*((?:[(（]负数[)）])?[零壹贰叁肆伍陆柒捌玖拾佰仟万亿圆元角分整正]+)/,
  );
  face.totalFen = yuanToFen(first(flat, new RegExp(String.raw`[(（]\s*小写\s*[)）]\s*[:：]?\s*(${MONEY})`)));
  face.red = (face.totalFen ?? 0) < 0 || /[(（]负数[)）]/.test(face.totalInWords ?? '');
  face.remark = first(flat, /备\s*注\s*[:：]?\s*([^\n]+)/);
  face.lines = linesOf(flat);
  return face;
}

/** Item lines: `*类别*品名 … 金额 税率 税额` on one printed line. */
function linesOf(text: string): InvoiceLine[] {
  const lines: InvoiceLine[] = [];
  for (const row of text.split('\n')) {
    const match = /^\s*(\*[^*\s]+\*\S*)\s+(.*)$/.exec(row);
    if (!match) continue;
    const tokens = (match[2] as string).split(/\s+/);
    const rateAt = tokens.findIndex((token) => /^\d+(\.\d+)?%$|^免税$|^不征税$/.test(token));
    if (rateAt < 1) continue;
    const rate = tokens[rateAt] as string;
    lines.push({
      name: match[1] as string,
      amountFen: yuanToFen(tokens[rateAt - 1]),
      taxFen: yuanToFen(tokens[rateAt + 1]),
      taxRateText: rate,
      taxRateBp: taxRateBpOf(rate),
      taxCode: null,
    });
  }
  return lines;
}
