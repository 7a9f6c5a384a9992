import { sql } from 'kysely';
import type { JobDefinition } from '../../../jobs/registry.js';

/**
 * Deletes finished reports older than their group's auto-delete period (spec §2 auto-delete
 * dialog), with their stored PDFs, and logs how many went.
 */
export const reportRetentionJob: JobDefinition = {
  name: 'reports.retention',
  cron: '30 3 * * *',
  async handle(_data, { db, storage, log }) {
    const expired = await db
      .selectFrom('reports as r')
      .innerJoin('groups as g', 'g.id', 'r.group_id')
      .select(['r.id', 'r.pdf_key'])
      .where('g.report_overdue_delete_switch', '=', 0)
      .where('g.report_overdue_days', 'is not', null)
      .where('r.status', 'in', ['done', 'failed'])
      .where(sql<boolean>`r.created_at < now() - make_interval(days => g.report_overdue_days)`)
      .execute();
    if (expired.length > 0) {
      await db
        .deleteFrom('reports')
        .where(
          'id',
          'in',
          expired.map((row) => row.id),
        )
        .execute();
      for (const row of expired) if (row.pdf_key) await storage.delete(row.pdf_key);
    }
    log('report retention', { deleted: expired.length });
  },
};
