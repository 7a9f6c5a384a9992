import { sql } from 'kysely';
import type { DbOrTx } from '../../db/kysely.js';

export type StatementName = 'balance_sheet' | 'income_statement' | 'vat_return' | 'cit_return';

export interface FigureSet {
  statement: StatementName;
  period: string;
  layout: string | null;
  figures: Record<string, number>;
}

/** One row per company, statement and period; a later import or a manual edit replaces it. */
export async function upsertFigures(
  db: DbOrTx,
  scope: { groupId: number; companyId: number; importId: number | null; userId: number | null },
  sets: FigureSet[],
): Promise<void> {
  for (const set of sets) {
    await db
      .insertInto('financial_figures')
      .values({
        group_id: scope.groupId,
        company_id: scope.companyId,
        statement: set.statement,
        period: set.period,
        layout: set.layout,
        figures: JSON.stringify(set.figures),
        source: scope.importId ? 'import' : 'manual',
        import_id: scope.importId,
        updated_by: scope.userId,
      })
      .onConflict((oc) =>
        oc.columns(['company_id', 'statement', 'period']).doUpdateSet((eb) => ({
          layout: eb.ref('excluded.layout'),
          figures: eb.ref('excluded.figures'),
          source: eb.ref('excluded.source'),
          import_id: eb.ref('excluded.import_id'),
          updated_by: eb.ref('excluded.updated_by'),
          updated_at: sql`now()`,
        })),
      )
      .execute();
  }
}

export function listFigures(db: DbOrTx, groupId: number, companyId: number, statement?: StatementName) {
  let query = db
    .selectFrom('financial_figures')
    .select(['id', 'statement', 'period', 'layout', 'figures', 'source', 'import_id', 'updated_at'])
    .where('group_id', '=', groupId)
    .where('company_id', '=', companyId);
  if (statement) query = query.where('statement', '=', statement);
  return query.orderBy('statement').orderBy('period').execute();
}

export async function deleteFigures(
  db: DbOrTx,
  groupId: number,
  companyId: number,
  statement: StatementName,
  period: string,
) {
  const result = await db
    .deleteFrom('financial_figures')
    .where('group_id', '=', groupId)
    .where('company_id', '=', companyId)
    .where('statement', '=', statement)
    .where('period', '=', period)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
