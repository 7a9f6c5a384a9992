import { ruleCatalogue } from '@taxlens/engine';
import {
  REPORT_KINDS,
  REPORT_SECTIONS,
  type ReportCustomConfig,
  type ReportCustomisation,
  type ReportType,
  type SaveReportCustom,
  saveReportCustomSchema,
} from '@taxlens/shared';
import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/kysely.js';
import type { ReportCustomConfigsTable } from '../../db/tables/reports.js';
import { invalid } from '../../lib/app-error.js';
import { writeAudit } from '../accounts/audit.repo.js';

type ConfigRow = Selectable<ReportCustomConfigsTable>;
type SaveInput = z.output<typeof saveReportCustomSchema>;

/** The rule families (rule categories) a report kind runs, with their rule counts, in catalogue order. */
export function ruleFamiliesOf(reportType: ReportType): { name: string; ruleCount: number }[] {
  const families = new Map<string, number>();
  for (const rule of ruleCatalogue()) {
    if (rule.reportTypes.includes(reportType)) families.set(rule.category, (families.get(rule.category) ?? 0) + 1);
  }
  return [...families].map(([name, ruleCount]) => ({ name, ruleCount }));
}

export function findConfig(db: DbOrTx, groupId: number, reportType: ReportType) {
  return db
    .selectFrom('report_custom_configs')
    .selectAll()
    .where('group_id', '=', groupId)
    .where('report_type', '=', reportType)
    .executeTakeFirst();
}

const contactOf = (row: ConfigRow | undefined) => ({
  name: row?.contact_name ?? null,
  phone: row?.contact_phone ?? null,
  email: row?.contact_email ?? null,
  address: row?.contact_address ?? null,
});

export function presentConfig(reportType: ReportType, row: ConfigRow | undefined): ReportCustomConfig {
  const hiddenSections = new Set(row?.hidden_sections ?? []);
  const hiddenFamilies = new Set(row?.hidden_families ?? []);
  return {
    reportType,
    reportName: REPORT_KINDS.find((kind) => kind.reportType === reportType)?.name ?? reportType,
    sections: REPORT_SECTIONS[reportType].map((section) => ({ ...section, included: !hiddenSections.has(section.id) })),
    ruleFamilies: ruleFamiliesOf(reportType).map((family) => ({
      ...family,
      included: !hiddenFamilies.has(family.name),
    })),
    coverTitle: row?.cover_title ?? null,
    contact: contactOf(row),
    updateTime: row ? new Date(row.updated_at).toISOString() : null,
  };
}

export async function listConfigs(db: Db, groupId: number): Promise<ReportCustomConfig[]> {
  const rows = await db.selectFrom('report_custom_configs').selectAll().where('group_id', '=', groupId).execute();
  return REPORT_KINDS.map((kind) =>
    presentConfig(
      kind.reportType,
      rows.find((row) => row.report_type === kind.reportType),
    ),
  );
}

/** Unknown ids, every section hidden, every rule family left out: a clear error and nothing saved. */
function checkChoices(input: SaveInput): void {
  const sections = REPORT_SECTIONS[input.reportType].map((section) => section.id);
  const unknownSection = input.hiddenSections.find((id) => !sections.includes(id));
  if (unknownSection) throw invalid({ hiddenSections: `该报告没有章节“${unknownSection}”` });
  if (sections.every((id) => input.hiddenSections.includes(id)))
    throw invalid({ hiddenSections: '请至少保留一个报告章节' });
  const families = ruleFamiliesOf(input.reportType).map((family) => family.name);
  const unknownFamily = input.hiddenFamilies.find((name) => !families.includes(name));
  if (unknownFamily) throw invalid({ hiddenFamilies: `该报告没有规则类别“${unknownFamily}”` });
  if (families.length > 0 && families.every((name) => input.hiddenFamilies.includes(name)))
    throw invalid({ hiddenFamilies: '请至少保留一类检查规则' });
}

/**
 * Saves a kind's customisation. The group's PDFs of that kind are printed again on next export;
 * rule families apply to reports generated from now on (a report keeps the checks it ran).
 */
export async function saveConfig(db: Db, groupId: number, userId: number, body: SaveReportCustom) {
  const input = saveReportCustomSchema.parse(body);
  checkChoices(input);
  const values = {
    hidden_sections: [...new Set(input.hiddenSections)],
    hidden_families: [...new Set(input.hiddenFamilies)],
    cover_title: input.coverTitle,
    contact_name: input.contactName,
    contact_phone: input.contactPhone,
    contact_email: input.contactEmail,
    contact_address: input.contactAddress,
    updated_by: userId,
  };
  return db.transaction().execute(async (tx) => {
    await tx
      .insertInto('report_custom_configs')
      .values({ group_id: groupId, report_type: input.reportType, ...values })
      .onConflict((conflict) =>
        conflict.columns(['group_id', 'report_type']).doUpdateSet({ ...values, updated_at: sql`now()` }),
      )
      .execute();
    await forgetPdfsOfType(tx, groupId, input.reportType);
    await writeAudit(tx, { groupId, actorId: userId, action: 'reports.custom', detail: input });
    return presentConfig(input.reportType, await findConfig(tx, groupId, input.reportType));
  });
}

export async function resetConfig(db: Db, groupId: number, userId: number, reportType: ReportType) {
  return db.transaction().execute(async (tx) => {
    await tx
      .deleteFrom('report_custom_configs')
      .where('group_id', '=', groupId)
      .where('report_type', '=', reportType)
      .execute();
    await forgetPdfsOfType(tx, groupId, reportType);
    await writeAudit(tx, { groupId, actorId: userId, action: 'reports.custom.reset', detail: { reportType } });
    return presentConfig(reportType, undefined);
  });
}

const forgetPdfsOfType = (tx: DbOrTx, groupId: number, reportType: ReportType) =>
  tx
    .updateTable('reports')
    .set({ pdf_generated_at: null })
    .where('group_id', '=', groupId)
    .where('report_type', '=', reportType)
    .execute();

/** What the report view and its PDF apply (null: the group keeps the defaults). */
export function customisationOf(row: ConfigRow | undefined): ReportCustomisation | null {
  if (!row) return null;
  const contact = contactOf(row);
  return {
    hiddenSections: row.hidden_sections,
    coverTitle: row.cover_title,
    contact: Object.values(contact).some(Boolean) ? contact : null,
  };
}

/** The rule families the group leaves out of a kind, for the report generator. */
export async function excludedFamilies(db: DbOrTx, groupId: number, reportType: ReportType): Promise<string[]> {
  return (await findConfig(db, groupId, reportType))?.hidden_families ?? [];
}
