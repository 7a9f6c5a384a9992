import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { InvoiceImportError } from '@taxlens/engine';
import { DATA_LISTS, dataListByKey, pageQuerySchema } from '@taxlens/shared';
import { sql } from 'kysely';
import pg from 'pg';
import { z } from 'zod';
import type { AppInstance } from '../../../app.js';
import { AppError } from '../../../lib/app-error.js';
import { envelope, ok } from '../../../lib/envelope.js';
import { operatorAccess, sessionOf } from '../../../plugins/access.js';
import { parseFields, readMultipart } from '../../imports/upload.js';
import { importDataset } from './dataset-import.js';

const tags = ['operator'];
const base = '/api/operator/companyData';

const fieldsSchema = z.object({
  listKey: z.string({ error: '请选择数据清单' }).refine((key) => dataListByKey(key) !== undefined, '数据清单不存在'),
  source: z.string({ error: '请填写数据来源' }).trim().min(2, '请填写数据来源').max(100, '数据来源最多100个字'),
  asOf: z.string({ error: '请填写数据日期' }).regex(/^\d{4}-\d{2}-\d{2}$/, '数据日期应为 YYYY-MM-DD'),
});

const resultSchema = z.object({
  status: z.enum(['imported', 'unchanged', 'rejected']),
  datasetId: z.number().int(),
  rowCount: z.number().int(),
  errorCount: z.number().int(),
  errors: z.array(z.object({ row: z.number().int().nullable(), column: z.string().nullable(), message: z.string() })),
});

function formatOf(fileName: string, head: Buffer): 'csv' | 'xlsx' {
  if (/\.xlsx$/i.test(fileName) || (head[0] === 0x50 && head[1] === 0x4b)) return 'xlsx';
  if (/\.(csv|txt)$/i.test(fileName)) return 'csv';
  throw new AppError('VALIDATION', '只支持 CSV（UTF-8 或 GBK）与 xlsx 文件');
}

/** The platform operator's company-data console: list schemas, import a dataset file, version history. */
export async function datasetsRoutes(app: AppInstance) {
  // COPY needs a connection of its own; two are enough for an operator's imports.
  const pool = new pg.Pool({ connectionString: app.databaseUrl, max: 2 });
  pool.on('error', () => {});
  app.addHook('onClose', async () => pool.end());

  app.get(
    `${base}/lists`,
    {
      config: { access: operatorAccess('content') },
      schema: { tags, summary: '可导入的数据清单及各自的文件格式（列名）' },
    },
    async () =>
      ok(
        DATA_LISTS.map((list) => ({
          key: list.key,
          label: list.label,
          group: list.group,
          columns: list.columns.map((column) => ({
            header: column.header,
            required: column.required ?? false,
            aliases: column.aliases ?? [],
          })),
        })),
      ),
  );

  app.get(
    `${base}/datasets`,
    {
      config: { access: operatorAccess('content') },
      schema: {
        tags,
        summary: '数据集版本历史',
        querystring: pageQuerySchema.extend({ listKey: z.string().optional() }),
      },
    },
    async (request) => {
      const { page, size, listKey } = request.query;
      let query = app.db.selectFrom('cd_datasets');
      if (listKey) query = query.where('list_key', '=', listKey);
      const total = await query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow();
      const rows = await query
        .selectAll()
        // The date as stored: pg reads a date column as local midnight, which toISOString() puts on the
        // previous day on a server east of UTC.
        .select(sql<string>`to_char(as_of, 'YYYY-MM-DD')`.as('as_of_day'))
        .orderBy('id', 'desc')
        .limit(size)
        .offset((page - 1) * size)
        .execute();
      return ok({
        list: rows.map((row) => ({
          id: row.id,
          listKey: row.list_key,
          label: dataListByKey(row.list_key)?.label ?? row.list_key,
          scope: row.scope,
          status: row.status,
          fileName: row.file_name,
          encoding: row.encoding,
          rowCount: row.row_count,
          source: row.source,
          asOf: row.as_of_day,
          isDemo: row.is_demo,
          errorReport: row.error_report,
          createdAt: row.created_at,
        })),
        total: Number(total.count),
        page,
        size,
      });
    },
  );

  app.post(
    `${base}/import`,
    {
      config: { access: operatorAccess('content') },
      schema: {
        tags,
        summary: '导入一个数据集文件（CSV/xlsx；有错误行时整份不导入并返回行错误报告）',
        response: { 200: envelope(resultSchema) },
      },
    },
    async (request) => {
      const operatorId = sessionOf(request).userId;
      const maxMb = app.config.DATASET_UPLOAD_MAX_MB;
      const tmpDir = path.join(app.config.dataDir, 'tmp');
      await fs.mkdir(tmpDir, { recursive: true });
      const tmpFile = path.join(tmpDir, `dataset-${randomUUID()}`);
      try {
        const result = await readMultipart(
          request,
          async (fields, file) => {
            const { listKey, source, asOf } = parseFields(fieldsSchema, fields);
            const hash = createHash('sha256');
            let head: Buffer | null = null;
            await pipeline(
              file.file,
              new Transform({
                transform(chunk: Buffer, _encoding, callback) {
                  head ??= chunk.subarray(0, 4);
                  hash.update(chunk);
                  callback(null, chunk);
                },
              }),
              createWriteStream(tmpFile),
            );
            if (file.file.truncated)
              throw new AppError('PAYLOAD_TOO_LARGE', `文件超过数据集上传上限（${maxMb} MB），未导入`);
            const list = dataListByKey(listKey);
            if (!list) throw new AppError('VALIDATION', '数据清单不存在');
            return importDataset(
              { db: app.db, pool },
              {
                list,
                fileName: file.filename,
                format: formatOf(file.filename, head ?? Buffer.alloc(0)),
                sha256: hash.digest('hex'),
                open: async () => createReadStream(tmpFile),
                source,
                asOf,
                importedBy: operatorId,
              },
            );
          },
          { fileSize: maxMb * 1024 * 1024 },
        );
        const msg =
          result.status === 'imported'
            ? `已导入${result.rowCount}行`
            : result.status === 'unchanged'
              ? '该文件已导入过，未作改动'
              : `有${result.errorCount}处错误，整份文件未导入`;
        return ok(result, msg);
      } catch (error) {
        if (error instanceof InvoiceImportError) throw new AppError('VALIDATION', error.message);
        throw error;
      } finally {
        await fs.rm(tmpFile, { force: true });
      }
    },
  );
}
