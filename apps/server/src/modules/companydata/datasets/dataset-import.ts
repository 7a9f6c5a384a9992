/**
 * Imports one dataset file of one list: rows are read as a stream (csv in UTF-8 or GBK, or xlsx),
 * checked one by one and streamed with COPY into a staging table; then, in the same transaction,
 * the list's previous version is replaced. Any bad row rolls everything back and the row error
 * report is kept in the version history. The same file again changes nothing.
 */
import { once } from 'node:events';
import type { Readable } from 'node:stream';
import { type CsvReadState, csvRows, type SheetEvent, xlsxRows } from '@taxlens/engine';
import type { DataList } from '@taxlens/shared';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Db } from '../../../db/kysely.js';
import { REFRESH_SIGNALS_SQL } from '../../toker/toker.signals.js';
import { copyLine } from './copy-text.js';
import { matchHeader, parseRow, STAGE_COLUMNS } from './dataset-rows.js';

const TABLE_OF = {
  registry: 'cd_companies',
  relation: 'cd_relations',
  risk: 'cd_risks',
  credit: 'cd_credit_ratings',
} as const;
/** Rows above the header that may hold a title (published lists often have one). */
const HEADER_SCAN_ROWS = 10;
/** Problems kept in the report; the count covers them all. */
const MAX_LISTED_PROBLEMS = 200;

export interface DatasetInput {
  list: DataList;
  fileName: string;
  format: 'csv' | 'xlsx';
  sha256: string;
  open: () => Promise<Readable>;
  source: string;
  asOf: string;
  importedBy: number | null;
  isDemo?: boolean;
}

export interface RowError {
  row: number | null;
  column: string | null;
  message: string;
}

export interface DatasetResult {
  status: 'imported' | 'unchanged' | 'rejected';
  datasetId: number;
  rowCount: number;
  errorCount: number;
  errors: RowError[];
}

export async function importDataset(deps: { db: Db; pool: pg.Pool }, input: DatasetInput): Promise<DatasetResult> {
  const { db, pool } = deps;
  const { list } = input;
  const earlier = await db
    .selectFrom('cd_datasets')
    .select(['id', 'row_count'])
    .where('list_key', '=', list.key)
    .where('file_sha256', '=', input.sha256)
    .where('status', '=', 'active')
    .executeTakeFirst();
  if (earlier)
    return { status: 'unchanged', datasetId: earlier.id, rowCount: earlier.row_count, errorCount: 0, errors: [] };

  const table = TABLE_OF[list.group];
  const columns = STAGE_COLUMNS[list.group];
  const errors: RowError[] = [];
  let errorCount = 0;
  const problem = (error: RowError) => {
    errorCount += 1;
    if (errors.length < MAX_LISTED_PROBLEMS) errors.push(error);
  };
  const csvState: CsvReadState = { encoding: null };
  const client = await pool.connect();
  let rowCount = 0;
  try {
    await client.query('BEGIN');
    const dataset = await client.query<{ id: string }>(
      `INSERT INTO cd_datasets (list_key, status, file_name, file_sha256, source, as_of, imported_by, is_demo)
       VALUES ($1, 'active', $2, $3, $4, $5, $6, $7) RETURNING id`,
      [list.key, input.fileName, input.sha256, input.source, input.asOf, input.importedBy, input.isDemo ?? false],
    );
    const datasetId = Number(dataset.rows[0]?.id);
    await client.query(
      `CREATE TEMP TABLE cd_stage ON COMMIT DROP AS SELECT ${columns.join(', ')} FROM ${table} WITH NO DATA`,
    );
    const copy = client.query(copyFrom(`COPY cd_stage (${columns.join(', ')}) FROM STDIN`));
    const copied = once(copy, 'finish');
    // An error of the COPY itself (it should not happen: every value was checked) surfaces here.
    const copyFailed = new Promise<never>((_, reject) => copy.once('error', reject));
    copyFailed.catch(() => {});

    const seen = new Set<string>();
    const years = new Set<number>();
    let positions: ReturnType<typeof matchHeader> = null;
    let scanned = 0;
    let sheetDone = false;
    const source = await input.open();
    const events: AsyncIterable<SheetEvent> = input.format === 'xlsx' ? xlsxRows(source) : csvRows(source, csvState);
    for await (const event of events) {
      if (event.type === 'sheet') {
        // Only the first sheet that has the list's header is read.
        if (positions) sheetDone = true;
        scanned = 0;
        continue;
      }
      if (sheetDone) continue;
      for (const { row, cells } of event.rows) {
        if (!positions) {
          scanned += 1;
          positions = matchHeader(list, cells);
          if (!positions && scanned >= HEADER_SCAN_ROWS) sheetDone = true;
          continue;
        }
        if (cells.every((cell) => cell === null || String(cell).trim() === '')) continue;
        const parsed = parseRow(list, positions, cells);
        for (const item of parsed.problems) problem({ row, ...item });
        if (!parsed.row) continue;
        if (parsed.row.key !== null) {
          if (seen.has(parsed.row.key)) {
            problem({ row, column: null, message: `与前面的行重复（${parsed.row.key.replace('|', ' ')}）` });
            continue;
          }
          seen.add(parsed.row.key);
        }
        if (parsed.row.year !== null) years.add(parsed.row.year);
        rowCount += 1;
        // After the first bad row nothing more is written: the whole file will be refused.
        if (errorCount === 0 && !copy.write(copyLine(parsed.row.values)))
          await Promise.race([once(copy, 'drain'), copyFailed]);
      }
    }
    if (!positions) {
      const required = list.columns.filter((column) => column.required).map((column) => column.header);
      problem({
        row: null,
        column: null,
        message: `未找到表头：前${HEADER_SCAN_ROWS}行中须有一行包含列 ${required.join('、')}`,
      });
    } else if (rowCount === 0 && errorCount === 0) {
      problem({ row: null, column: null, message: '文件中没有数据行' });
    }
    copy.end();
    await Promise.race([copied, copyFailed]);

    if (errorCount > 0) {
      await client.query('ROLLBACK');
      const rejected = await db
        .insertInto('cd_datasets')
        .values({
          list_key: list.key,
          status: 'rejected',
          file_name: input.fileName,
          file_sha256: input.sha256,
          encoding: csvState.encoding,
          row_count: 0,
          source: input.source,
          as_of: input.asOf,
          error_report: JSON.stringify({ errorCount, errors }),
          imported_by: input.importedBy,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { status: 'rejected', datasetId: rejected.id, rowCount: 0, errorCount, errors };
    }

    const scope = list.group === 'credit' ? [...years].sort().join(',') : '';
    if (list.group === 'credit') {
      await client.query('DELETE FROM cd_credit_ratings WHERE year = ANY($1::int[])', [[...years]]);
    } else {
      await client.query(
        `DELETE FROM ${table} WHERE dataset_id IN (SELECT id FROM cd_datasets WHERE list_key = $1 AND status = 'active' AND id <> $2)`,
        [list.key, datasetId],
      );
    }
    await client.query(
      `INSERT INTO ${table} (${columns.join(', ')}, source, as_of, dataset_id)
       SELECT ${columns.join(', ')}, $1, $2, $3 FROM cd_stage`,
      [input.source, input.asOf, datasetId],
    );
    await client.query('UPDATE cd_datasets SET row_count = $2, scope = $3, encoding = $4 WHERE id = $1', [
      datasetId,
      rowCount,
      scope,
      input.format === 'csv' ? (csvState.encoding ?? 'utf-8') : null,
    ]);
    // Earlier versions whose rows are all replaced now are history.
    await client.query(
      `UPDATE cd_datasets d SET status = 'superseded' WHERE list_key = $1 AND status = 'active' AND id <> $2
         AND NOT EXISTS (SELECT 1 FROM ${table} t WHERE t.dataset_id = d.id)`,
      [list.key, datasetId],
    );
    // The lead search's risk signals follow the lists they are read from, in the same transaction.
    if (list.group !== 'registry') for (const statement of REFRESH_SIGNALS_SQL) await client.query(statement);
    await client.query('COMMIT');
    // The rows went into the name index's pending list (GIN fastupdate: the cheap way to insert in
    // bulk), which every search would otherwise scan in full until autovacuum merges it; the grams'
    // statistics pick the rarest bigrams of a search (builtin.provider.ts), and the visibility map
    // spares searches the hint-bit writes on the new rows. VACUUM cannot run inside the transaction;
    // the import is committed whether or not it succeeds.
    await client.query(`VACUUM (ANALYZE) ${table}`).catch(() => {});
    return { status: 'imported', datasetId, rowCount, errorCount: 0, errors: [] };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
