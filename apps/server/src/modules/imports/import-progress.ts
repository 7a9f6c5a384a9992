import { sql } from 'kysely';
import type { Db } from '../../db/kysely.js';
import { publishEvent } from '../../plugins/realtime.js';
import { companyViewers } from '../companies/companies.policy.js';
import { DEFAULT_IMPORT_SETTINGS, ImportDeadline } from './import-slots.js';
import type { ImportRow } from './imports.repo.js';

export const IMPORT_EVENT = 'IMPORT_PROGRESS';

/**
 * Writes an import's progress at most once a second, outside the import's own transaction, and
 * pushes it to the uploader's socket (or the whole group for client uploads through a share link).
 */
export class ImportProgress {
  private lastWrite = 0;
  private lastValue = -1;

  constructor(
    private readonly db: Db,
    private readonly row: ImportRow,
    /** The file's time limit, checked at every progress report (between batches). */
    readonly deadline = new ImportDeadline(DEFAULT_IMPORT_SETTINGS.timeLimitMs),
  ) {}

  private viewers: Promise<number[]> | null = null;

  /** Everyone who sees the company (looked up once per file). */
  private companyViewers(): Promise<number[]> {
    this.viewers ??= companyViewers(this.db, this.row.group_id, this.row.company_id);
    return this.viewers;
  }

  /** Progress goes to the uploader; a client's upload through a share link to those who see the company. */
  async target() {
    return { userIds: this.row.created_by ? [this.row.created_by] : await this.companyViewers() };
  }

  async report(fraction: number, force = false): Promise<void> {
    this.deadline.check();
    const progress = Math.max(0, Math.min(99, Math.floor(fraction * 100)));
    const now = Date.now();
    if (!force && (progress === this.lastValue || now - this.lastWrite < 1000)) return;
    this.lastWrite = now;
    this.lastValue = progress;
    await this.db.updateTable('imports').set({ progress, status: 'parsing' }).where('id', '=', this.row.id).execute();
    await publishEvent(this.db, await this.target(), {
      msgType: IMPORT_EVENT,
      importId: this.row.id,
      status: 'parsing',
      progress,
    });
  }

  /** Final state: everyone who sees the company hears it, so the firm sees a client's upload arrive. */
  async finish(status: 'done' | 'rejected' | 'failed', values: Record<string, unknown>): Promise<void> {
    await this.db
      .updateTable('imports')
      .set({
        status,
        progress: status === 'done' ? 100 : Math.max(0, this.lastValue),
        finished_at: sql`now()`,
        ...values,
      })
      .where('id', '=', this.row.id)
      .execute();
    const event = { msgType: IMPORT_EVENT, importId: this.row.id, companyId: this.row.company_id, status };
    await publishEvent(this.db, { userIds: await this.companyViewers() }, event);
  }
}
