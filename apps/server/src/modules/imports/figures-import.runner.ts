import { type FinancialImportProblem, readReturnSummary, readStatements } from '@taxlens/engine';
import type { Db } from '../../db/kysely.js';
import type { FileStorage } from '../../lib/storage.js';
import type { FigureSet } from './figures.repo.js';
import { upsertFigures } from './figures.repo.js';
import type { ImportDeadline } from './import-slots.js';
import type { ImportRow } from './imports.repo.js';
import type { RunOutcome } from './invoice-import.runner.js';

const STATEMENT_LABELS: Record<string, string> = {
  balance_sheet: '资产负债表',
  income_statement: '利润表',
  vat_return: '增值税申报',
  cit_return: '企业所得税申报',
};

/**
 * Statements and return summaries are small workbooks: read whole, checked, then stored in one
 * transaction. Any row error refuses the file; warnings (a sheet that does not balance) are kept
 * in the summary for the report's data-quality section.
 */
export async function runFiguresImport(
  db: Db,
  storage: FileStorage,
  row: ImportRow,
  company: { taxNo: string; name: string },
  deadline: ImportDeadline,
): Promise<RunOutcome> {
  const bytes = await storage.readBuffer(row.stored_key);
  let sets: FigureSet[];
  let problems: FinancialImportProblem[];
  if (row.kind === 'statement') {
    const result = await readStatements(bytes);
    problems = result.problems;
    sets = result.statements.map((item) => ({
      statement: item.statement,
      period: item.period,
      layout: item.layout,
      figures: item.figures as Record<string, number>,
    }));
  } else {
    const result = await readReturnSummary(bytes);
    const foreign = result.taxNos.find((taxNo) => taxNo !== company.taxNo.toUpperCase());
    if (foreign) {
      return {
        status: 'failed',
        summary: { periods: [], statements: [], rejected: 0, warnings: 0 },
        message: `申报表上的纳税人识别号是 ${foreign}，不是${company.name}（${company.taxNo}）的申报表，未导入任何数据`,
        problems: [],
        problemCount: 0,
      };
    }
    problems = result.problems;
    sets = [...result.vat, ...result.cit].map((item) => ({
      statement: item.statement,
      period: item.period,
      layout: item.taxpayerType,
      figures: item.figures as Record<string, number>,
    }));
    sets = await completeFromStored(db, row, sets, result.schedulePeriods ?? []);
  }
  const reported = problems.map((problem) => ({
    sheet: problem.sheet ?? '',
    row: problem.row ?? 0,
    column: null,
    reason: problem.message,
    severity: problem.level,
  }));
  const errors = problems.filter((problem) => problem.level === 'error').length;
  const warnings = problems.filter((problem) => problem.level === 'warning').map((problem) => problem.message);
  const periods = [...new Set(sets.map((set) => set.period))].sort();
  if (errors > 0) {
    return {
      status: 'rejected',
      summary: { periods, statements: [], rejected: errors, warnings: warnings.length },
      message: `文件中有 ${errors} 处错误，本次未导入任何数据。请下载错误报告，修改后重新上传。`,
      problems: reported,
      problemCount: reported.length,
    };
  }
  if (sets.length === 0) {
    // The template as downloaded, or a sheet without any figures: nothing to store is no success.
    return {
      status: 'failed',
      summary: { periods: [], statements: [], rejected: 0, warnings: warnings.length },
      message: '模板中未填写任何所属期的数据，请填写后重新上传',
      problems: reported,
      problemCount: reported.length,
    };
  }
  await db.transaction().execute(async (tx) => {
    await deadline.bound(tx);
    await upsertFigures(
      tx,
      { groupId: row.group_id, companyId: row.company_id, importId: row.id, userId: row.created_by },
      sets,
    );
  });
  const described = sets.map((set) => `${STATEMENT_LABELS[set.statement]} ${set.period}`);
  return {
    status: 'done',
    summary: {
      periods,
      statements: described,
      rejected: 0,
      warnings: warnings.length,
      warningMessages: warnings.slice(0, 50),
    },
    message: `导入完成：${described.length} 份（${described.slice(0, 6).join('、')}${described.length > 6 ? '等' : ''}）`,
    problems: reported,
    problemCount: reported.length,
  };
}

/** Figures only 附列资料（一） gives; the others a 附列资料 shares with the main form, whose stored values stay. */
const SCHEDULE_OWN = new Set(['salesSpecialInvoice', 'salesOtherInvoice', 'salesNoInvoice', 'salesInspectionAdjusted']);

/**
 * A VAT period read from a 附列资料 alone (the bureau exports each form separately too) completes the
 * period's stored figures: the main form's stay, the schedule's own are added or replaced.
 */
async function completeFromStored(db: Db, row: ImportRow, sets: FigureSet[], schedulePeriods: readonly string[]) {
  if (schedulePeriods.length === 0) return sets;
  const stored = await db
    .selectFrom('financial_figures')
    .select(['period', 'figures', 'layout'])
    .where('company_id', '=', row.company_id)
    .where('statement', '=', 'vat_return')
    .where('period', 'in', [...schedulePeriods])
    .execute();
  return sets.map((set) => {
    const earlier = stored.find((item) => item.period === set.period);
    if (set.statement !== 'vat_return' || !schedulePeriods.includes(set.period) || !earlier) return set;
    const kept = Object.entries(earlier.figures as Record<string, number>).filter(([key]) => !SCHEDULE_OWN.has(key));
    return { ...set, layout: earlier.layout ?? set.layout, figures: { ...set.figures, ...Object.fromEntries(kept) } };
  });
}
