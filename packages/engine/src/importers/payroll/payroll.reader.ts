/**
 * Payroll files, kept per month for the payroll rules (h3-findings): the 个人所得税扣缴申报表 exported
 * from the 自然人电子税务局（扣缴端）, and the 社保 contribution list (per person or summed per 险种).
 * Only monthly totals are kept: headcount, wages, tax withheld, contributions; names and ID
 * numbers are read to count people and never leave this function.
 */
import { type CellInput, fenOf, textOf } from '../invoices/cell-value.parser.js';
import { readPeriodCell } from '../statements/period-text.parser.js';
import type { FinancialImportProblem } from '../statements/statement.types.js';
import { readTitlePeriod } from '../statements/statement-period.resolver.js';
import { loadWorkbook } from '../statements/workbook.loader.js';
import { FileKindImportError } from '../workbook/file-kind.error.js';
import { findHeaderTable, type TableColumn, titleText } from '../workbook/header-table.js';
import type { PayrollImportResult, PayrollMonth, PayrollSource } from './payroll.types.js';

type Column =
  | 'period'
  | 'personId'
  | 'incomeItem'
  | 'income'
  | 'taxDue'
  | 'insurance'
  | 'base'
  | 'employer'
  | 'employee'
  | 'headcount';

const COLUMNS: readonly TableColumn<Column>[] = [
  {
    id: 'period',
    aliases: ['税款所属期', '所属月份', '所属期', '费款所属期', '缴费所属期', '费款所属期起', '缴费月份', '所属期起'],
  },
  { id: 'personId', aliases: ['身份证件号码', '证件号码', '身份证号码', '公民身份号码', '纳税人识别号'] },
  { id: 'incomeItem', aliases: ['所得项目', '所得项目名称'] },
  { id: 'income', aliases: ['本期收入', '收入', '收入额', '本月收入', '本期收入额'] },
  { id: 'taxDue', aliases: ['应补(退)税额', '应补退税额', '应扣缴税额', '本期应扣缴税额'] },
  { id: 'insurance', aliases: ['险种', '险种类型', '征收品目', '险种名称'] },
  { id: 'base', aliases: ['缴费基数', '缴费工资', '申报缴费基数', '缴费基数合计', '计费基数'] },
  { id: 'employer', aliases: ['单位缴费', '单位应缴', '单位缴费金额', '单位应缴费额', '单位应缴金额', '单位缴费额'] },
  { id: 'employee', aliases: ['个人缴费', '个人应缴', '个人缴费金额', '个人应缴费额', '个人应缴金额', '个人缴费额'] },
  { id: 'headcount', aliases: ['缴费人数', '人数', '参保人数'] },
];

interface Bucket {
  people: Map<string, number>;
  rows: number;
  wageFen: number;
  taxFen: number;
  employerFen: number;
  employeeFen: number;
  headcount: number;
  baseFen: number;
}

/**
 * 扣缴义务人 / 缴费单位 tax numbers printed in the title rows (扣缴端: "扣缴义务人纳税人识别号（统一社会信用代码）：…";
 * 社保: "统一社会信用代码：…" or "单位纳税人识别号：…"), so a file of another company is refused whole.
 */
const EMPLOYER_LABEL =
  /(?:扣缴义务人纳税人识别号|扣缴义务人识别号|统一社会信用代码|单位纳税人识别号|单位识别号|缴费单位识别号)[^：:]{0,16}[：:]\s*([0-9A-Za-z]{15,20})/g;

export function employerTaxNosOf(title: string): string[] {
  return [
    ...new Set([...title.normalize('NFKC').matchAll(EMPLOYER_LABEL)].map((match) => (match[1] ?? '').toUpperCase())),
  ];
}

const bucket = (): Bucket => ({
  people: new Map(),
  rows: 0,
  wageFen: 0,
  taxFen: 0,
  employerFen: 0,
  employeeFen: 0,
  headcount: 0,
  baseFen: 0,
});

export async function readPayroll(bytes: Uint8Array): Promise<PayrollImportResult> {
  const workbook = await loadWorkbook(bytes);
  if (typeof workbook === 'string') throw new FileKindImportError(workbook);
  const iit = findHeaderTable(workbook.sheets, COLUMNS, [
    ['incomeItem', 'income'],
    ['income', 'taxDue', 'personId'],
  ]);
  const si = iit
    ? null
    : findHeaderTable(workbook.sheets, COLUMNS, [
        ['base', 'employer'],
        ['base', 'employee'],
      ]);
  const table = iit ?? si;
  if (!table) throw new FileKindImportError('NOT_PAYROLL');
  if (table.rows.length === 0) throw new FileKindImportError('NO_ROWS');
  const source: PayrollSource = iit ? 'iit' : 'social_insurance';
  const title = titleText(
    workbook.sheets.find((sheet) => sheet.name === table.sheet),
    table.headerRow,
  );
  const titlePeriod = readTitlePeriod(title);
  const problems: FinancialImportProblem[] = [];
  const months = new Map<string, Bucket>();
  for (const row of table.rows) {
    const errorAt = (message: string) =>
      problems.push({ level: 'error', sheet: table.sheet, row: row.number, message: `第${row.number}行：${message}` });
    const id = textOf(row.get('personId'));
    const item = textOf(row.get('incomeItem'));
    if (/^(合计|总计|小计)/.test(textOf(row.get('period')) ?? '') || /^(合计|总计)/.test(id ?? item ?? '')) continue;
    const periodReading =
      row.has('period') && row.get('period') !== null ? readPeriodCell(row.get('period')) : titlePeriod;
    const period = periodReading?.ok ? periodReading.period : null;
    if (!period || !/^\d{4}-\d{2}$/.test(period)) {
      errorAt(period ? `所属期“${period}”不是一个月，请按月导出` : '未找到所属月份（表头“税款所属期”或“费款所属期”）');
      continue;
    }
    const money = (column: Column, label: string): number => {
      const raw: CellInput = row.get(column);
      if (raw === null || (typeof raw === 'string' && raw.trim() === '')) return 0;
      const parsed = fenOf(raw);
      if (parsed.ok) return parsed.value;
      errorAt(`${label}${parsed.reason}`);
      return 0;
    };
    const target = months.get(period) ?? bucket();
    months.set(period, target);
    target.rows += 1;
    if (source === 'iit') {
      // Only 工资薪金 counts as wages and heads; other income items (劳务报酬 …) still carry tax.
      const wages = item === null || /工资薪金/.test(item);
      const income = money('income', '本期收入：');
      target.taxFen += money('taxDue', '应补(退)税额：');
      if (wages) {
        target.wageFen += income;
        target.people.set(id ?? `#${row.number}`, 0);
      }
      continue;
    }
    const base = money('base', '缴费基数：');
    target.employerFen += money('employer', '单位缴费：');
    target.employeeFen += money('employee', '个人缴费：');
    if (row.has('headcount') && !row.has('personId')) {
      // Summed per 险种: the widest 险种 (养老) gives the heads and the wage base.
      const heads = Number(textOf(row.get('headcount')) ?? '0');
      if (!Number.isInteger(heads) || heads < 0) errorAt(`缴费人数“${textOf(row.get('headcount'))}”不是整数`);
      else target.headcount = Math.max(target.headcount, heads);
      target.baseFen = Math.max(target.baseFen, base);
    } else {
      // Per person and 险种: one base per person, the highest of their 险种.
      const person = id ?? `#${row.number}`;
      target.people.set(person, Math.max(target.people.get(person) ?? 0, base));
    }
  }
  const result: PayrollMonth[] = [...months.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([period, totals]) =>
      source === 'iit'
        ? {
            period,
            source,
            headcount: totals.people.size,
            wageFen: totals.wageFen,
            taxFen: totals.taxFen,
            employerFen: null,
            employeeFen: null,
          }
        : {
            period,
            source,
            headcount: totals.people.size > 0 ? totals.people.size : totals.headcount,
            wageFen:
              totals.people.size > 0 ? [...totals.people.values()].reduce((sum, fen) => sum + fen, 0) : totals.baseFen,
            taxFen: null,
            employerFen: totals.employerFen,
            employeeFen: totals.employeeFen,
          },
    );
  return { source, sheet: table.sheet, employerTaxNos: employerTaxNosOf(title), months: result, problems };
}
