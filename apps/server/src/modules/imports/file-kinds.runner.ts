import { type FinancialImportProblem, readDeductionList, readPayroll } from '@taxlens/engine';
import { sql } from 'kysely';
import type { Db } from '../../db/kysely.js';
import type { FileStorage } from '../../lib/storage.js';
import type { ImportDeadline } from './import-slots.js';
import type { ImportRow } from './imports.repo.js';
import type { RunOutcome } from './invoice-import.runner.js';

/** Rows per insert statement of the deduction list. */
const BATCH = 1000;

const reported = (problems: readonly FinancialImportProblem[]) =>
  problems.map((problem) => ({
    sheet: problem.sheet ?? '',
    row: problem.row ?? 0,
    column: null,
    reason: problem.message,
    severity: problem.level,
  }));

function rejected(problems: readonly FinancialImportProblem[]): RunOutcome {
  const errors = problems.filter((problem) => problem.level === 'error').length;
  return {
    status: 'rejected',
    summary: { periods: [], rejected: errors },
    message: `文件中有 ${errors} 处错误，本次未导入任何数据。请下载错误报告，修改后重新上传。`,
    problems: reported(problems),
    problemCount: problems.length,
  };
}

/**
 * The 发票勾选确认 export: every invoice stored (or replaced, keyed by invoice) in one transaction;
 * a list of another buyer is refused whole.
 */
export async function runDeductionImport(
  db: Db,
  storage: FileStorage,
  row: ImportRow,
  company: { taxNo: string; name: string },
  deadline: ImportDeadline,
): Promise<RunOutcome> {
  const result = await readDeductionList(await storage.readBuffer(row.stored_key));
  const own = company.taxNo.toUpperCase();
  if (result.buyerTaxNos.length > 0 && !result.buyerTaxNos.includes(own)) {
    return {
      status: 'failed',
      summary: { periods: [], rejected: 0 },
      message: `勾选清单的购买方识别号是 ${result.buyerTaxNos[0]}，不是${company.name}（${company.taxNo}）的清单，未导入任何数据`,
      problems: [],
      problemCount: 0,
    };
  }
  if (result.problems.some((problem) => problem.level === 'error')) return rejected(result.problems);
  await db.transaction().execute(async (tx) => {
    await deadline.bound(tx);
    for (let start = 0; start < result.entries.length; start += BATCH) {
      const values = result.entries.slice(start, start + BATCH).map((entry) => ({
        group_id: row.group_id,
        company_id: row.company_id,
        invoice_key: entry.key,
        digital_number: entry.digitalNumber,
        code: entry.code,
        number: entry.number,
        issued_on: entry.issuedOn,
        seller_tax_no: entry.sellerTaxNo,
        seller_name: entry.sellerName,
        amount_fen: entry.amountFen,
        tax_fen: entry.taxFen,
        total_fen: entry.totalFen,
        total_derived: entry.totalDerived,
        deductible_tax_fen: entry.deductibleTaxFen,
        selected: entry.selected,
        selected_on: entry.selectedOn,
        period: entry.period,
        kind_text: entry.kindText,
        status_text: entry.statusText,
        risk_level: entry.riskLevel,
        import_id: row.id,
      }));
      await tx
        .insertInto('vat_deductions')
        .values(values)
        .onConflict((oc) =>
          oc.columns(['company_id', 'invoice_key']).doUpdateSet((eb) => ({
            issued_on: eb.ref('excluded.issued_on'),
            seller_tax_no: eb.ref('excluded.seller_tax_no'),
            seller_name: eb.ref('excluded.seller_name'),
            amount_fen: eb.ref('excluded.amount_fen'),
            tax_fen: eb.ref('excluded.tax_fen'),
            total_fen: eb.ref('excluded.total_fen'),
            total_derived: eb.ref('excluded.total_derived'),
            deductible_tax_fen: eb.ref('excluded.deductible_tax_fen'),
            selected: eb.ref('excluded.selected'),
            selected_on: eb.ref('excluded.selected_on'),
            period: eb.ref('excluded.period'),
            kind_text: eb.ref('excluded.kind_text'),
            status_text: eb.ref('excluded.status_text'),
            risk_level: eb.ref('excluded.risk_level'),
            import_id: eb.ref('excluded.import_id'),
          })),
        )
        .execute();
    }
  });
  const selected = result.entries.filter((entry) => entry.selected);
  const deductible = selected.reduce((sum, entry) => sum + entry.deductibleTaxFen, 0);
  return {
    status: 'done',
    summary: {
      periods: result.periods,
      entries: result.entries.length,
      selected: selected.length,
      deductibleTaxFen: deductible,
      totalDerived: result.entries.some((entry) => entry.totalDerived),
      rejected: 0,
      warnings: 0,
    },
    message: `导入完成：勾选清单 ${result.entries.length} 张发票，已勾选 ${selected.length} 张，有效抵扣税额 ${(deductible / 100).toFixed(2)} 元`,
    problems: reported(result.problems),
    problemCount: result.problems.length,
  };
}

/**
 * 个税扣缴申报 or 社保: monthly totals replace the month's earlier totals of the same source. A file whose
 * title names another 扣缴义务人 / 缴费单位 is refused whole (a file naming none is taken as the company's).
 */
export async function runPayrollImport(
  db: Db,
  storage: FileStorage,
  row: ImportRow,
  company: { taxNo: string; name: string },
  deadline: ImportDeadline,
): Promise<RunOutcome> {
  const result = await readPayroll(await storage.readBuffer(row.stored_key));
  const own = company.taxNo.toUpperCase();
  const other = result.employerTaxNos.find((taxNo) => taxNo !== own);
  if (other && !result.employerTaxNos.includes(own)) {
    const [file, party] = result.source === 'iit' ? ['个税扣缴申报表', '扣缴义务人'] : ['社保缴费明细', '缴费单位'];
    return {
      status: 'failed',
      summary: { periods: [], rejected: 0 },
      message: `${file}的${party}识别号是 ${other}，不是${company.name}（${company.taxNo}）的${file}，未导入任何数据`,
      problems: [],
      problemCount: 0,
    };
  }
  if (result.problems.some((problem) => problem.level === 'error')) return rejected(result.problems);
  await db.transaction().execute(async (tx) => {
    await deadline.bound(tx);
    for (const month of result.months) {
      await tx
        .insertInto('payroll_months')
        .values({
          group_id: row.group_id,
          company_id: row.company_id,
          period: month.period,
          source: month.source,
          headcount: month.headcount,
          wage_fen: month.wageFen,
          tax_fen: month.taxFen,
          employer_fen: month.employerFen,
          employee_fen: month.employeeFen,
          import_id: row.id,
        })
        .onConflict((oc) =>
          oc.columns(['company_id', 'period', 'source']).doUpdateSet((eb) => ({
            headcount: eb.ref('excluded.headcount'),
            wage_fen: eb.ref('excluded.wage_fen'),
            tax_fen: eb.ref('excluded.tax_fen'),
            employer_fen: eb.ref('excluded.employer_fen'),
            employee_fen: eb.ref('excluded.employee_fen'),
            import_id: eb.ref('excluded.import_id'),
            updated_at: sql`now()`,
          })),
        )
        .execute();
    }
  });
  const label = result.source === 'iit' ? '个税扣缴申报' : '社保缴费';
  const periods = result.months.map((month) => month.period);
  return {
    status: 'done',
    summary: { periods, months: result.months.length, source: result.source, rejected: 0, warnings: 0 },
    message: `导入完成：${label} ${periods.length} 个月（${periods[0]}${periods.length > 1 ? ` 至 ${periods.at(-1)}` : ''}）`,
    problems: reported(result.problems),
    problemCount: result.problems.length,
  };
}
