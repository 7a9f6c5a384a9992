/**
 * Manual entry: the four elements of domain facts §2.7 (code, number, date and the fourth element
 * of the kind), checked the way the verification service would refuse them, and the Excel
 * template (and its reader) for a batch of them.
 */
import ExcelJS from 'exceljs';
import { faceDateOf, yuanToFen } from './face-values.js';
import { checkNumberStructure, FOURTH_ELEMENT_NAMES, fourthElementOf, KIND_NAMES } from './invoice-kind.js';
import { emptyFace, type InvoiceFace } from './types.js';

export interface ManualInput {
  code?: string | null;
  number: string;
  /** 'YYYYMMDD' or 'YYYY-MM-DD'. */
  date: string;
  /** 不含税金额, 价税合计 or 车价合计 in yuan, or 校验码 / number tail (last 6), by kind. */
  fourth: string;
}

/** Errors named after the verification service's codes (domain facts §2.7). */
export class ManualEntryError extends Error {
  constructor(
    readonly code: '1005' | '114' | '1010',
    message: string,
  ) {
    super(message);
    this.name = 'ManualEntryError';
  }
}

/** The face the four elements describe; throws ManualEntryError when they break the rules. */
export function manualFace(input: ManualInput, today: string): InvoiceFace {
  const code = (input.code ?? '').replace(/\s/g, '') || null;
  const number = input.number.replace(/\s/g, '');
  const date = /^\d{8}$|^\d{4}-\d{2}-\d{2}$/.test(input.date.trim()) ? faceDateOf(input.date) : null;
  if (!date) throw new ManualEntryError('1010', '开票日期格式应为YYYYMMDD');
  const structure = checkNumberStructure(code, number, today);
  if (!/^\d{8}$|^\d{20}$/.test(number) || (code !== null && !/^\d{10}$|^\d{12}$/.test(code))) {
    throw new ManualEntryError('1005', '四要素不符合规范：发票代码应为10或12位、发票号码应为8或20位数字');
  }
  const face = emptyFace(number);
  face.code = code;
  face.date = date;
  face.kindCode = structure.kindCode ?? (code ? null : '82');
  face.kindName = face.kindCode ? (KIND_NAMES[face.kindCode] ?? null) : null;
  const element = fourthElementOf(code ? structure.kindCode : null);
  const fourth = input.fourth.replace(/\s/g, '');
  if (element === 'checkCode' || element === 'numberTail') {
    if (!/^\d{6}$/.test(fourth.slice(-6)) || fourth.length < 6) throw new ManualEntryError('114', '校验码应为后六位');
    face.checkCode = fourth.slice(-6);
  } else {
    const fen = yuanToFen(fourth);
    if (fen === null) throw new ManualEntryError('1005', `四要素不符合规范：${FOURTH_ELEMENT_NAMES[element]}应为金额`);
    if (element === 'amount' || element === 'carPrice') face.amountFen = fen;
    else face.totalFen = fen;
  }
  return face;
}

const TEMPLATE_COLUMNS = ['发票代码', '发票号码', '开票日期', '第四要素'];
const TEMPLATE_NOTES = [
  '填写说明：每行一张发票；数电发票不填发票代码。开票日期格式YYYYMMDD。',
  '第四要素：专用发票、电子专票、机动车发票填不含税金额；普通发票、电子普票、卷票、通行费发票填校验码后6位；数电发票填价税合计；二手车发票填车价合计。',
];

/** The batch template (template/down): a header row and two rows of explanation. */
export async function buildManualListTemplate(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('发票清单');
  sheet.addRow(TEMPLATE_COLUMNS).font = { bold: true };
  sheet.columns = TEMPLATE_COLUMNS.map(() => ({ width: 24, style: { numFmt: '@' } }));
  const notes = workbook.addWorksheet('填写说明');
  for (const note of TEMPLATE_NOTES) notes.addRow([note]);
  notes.getColumn(1).width = 120;
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export interface ManualListRow {
  row: number;
  input: ManualInput;
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10).replace(/-/g, '');
  if (typeof value === 'object' && 'text' in value) return String(value.text);
  if (typeof value === 'object' && 'result' in value) return String(value.result ?? '');
  return String(value).trim();
}

/** Rows of a filled template; throws with one sentence when the workbook is not the template. */
export async function readManualList(bytes: Uint8Array): Promise<ManualListRow[]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  } catch {
    throw new ManualEntryError('1005', '清单不是Excel文件，请下载模板填写后上传');
  }
  const sheet = workbook.worksheets[0];
  const header = sheet ? (sheet.getRow(1).values as ExcelJS.CellValue[]).slice(1).map(cellText) : [];
  if (!sheet || TEMPLATE_COLUMNS.some((name, index) => header[index] !== name)) {
    throw new ManualEntryError('1005', '清单表头与模板不符，请下载模板填写后上传');
  }
  const rows: ManualListRow[] = [];
  sheet.eachRow((row, index) => {
    if (index === 1) return;
    const [code, number, date, fourth] = [1, 2, 3, 4].map((column) => cellText(row.getCell(column).value));
    if (!number && !date && !fourth) return;
    rows.push({ row: index, input: { code, number: number ?? '', date: date ?? '', fourth: fourth ?? '' } });
  });
  return rows;
}
