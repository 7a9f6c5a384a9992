import { calculateDisabilityLevy } from '@taxlens/engine';
import { type DisabilityLevyInput, disabilityLevyInputSchema, disabilityProportionSchema } from '@taxlens/shared';
import { z } from 'zod';
import type { AppInstance } from '../../app.js';
import type { Db } from '../../db/kysely.js';
import { AppError } from '../../lib/app-error.js';
import { ok } from '../../lib/envelope.js';
import { sendXlsx } from '../../lib/send-file.js';
import { buildXlsx } from '../../lib/xlsx-export.js';
import { operatorAccess, type RouteAccess } from '../../plugins/access.js';
import { noteAudit } from '../../plugins/operator-audit.js';

const tags = ['disability-levy'];
const SIGNED_IN: RouteAccess = { permission: null };
const NATIONAL = '000000';

const proportionColumns = (db: Db) =>
  db
    .selectFrom('disability_proportions')
    .select(['region_code as regionCode', 'region_name as regionName', 'ratio_bp as ratioBp', 'basis']);

/**
 * The ratio of a region: its own row, else its city's, else its province's, else the national
 * floor. A county of 东莞 thus takes 东莞's row, a district of 北京 takes 北京's.
 */
async function ratioFor(db: Db, regionCode: string) {
  const candidates = [regionCode, `${regionCode.slice(0, 4)}00`, `${regionCode.slice(0, 2)}0000`, NATIONAL];
  const rows = await proportionColumns(db).where('region_code', 'in', candidates).execute();
  for (const code of candidates) {
    const row = rows.find((item) => item.regionCode === code);
    if (row) return row;
  }
  throw new AppError('VALIDATION', '未找到该地区的残保金比例，请联系管理员维护比例表');
}

async function calculate(db: Db, input: DisabilityLevyInput) {
  const proportion = await ratioFor(db, input.regionCode);
  const result = calculateDisabilityLevy({ ...input, ratioBp: proportion.ratioBp, regionName: proportion.regionName });
  return { proportion, ...result };
}

/** 残保金 calculator (/canbaojin) and its region ratio table (DisabilityProportion). */
export async function disabilityLevyRoutes(app: AppInstance) {
  app.get(
    '/api/DisabilityProportion/findList',
    { config: { access: SIGNED_IN }, schema: { tags, summary: '残保金各地区比例' } },
    async () => ok(await proportionColumns(app.db).orderBy('region_code').execute()),
  );

  app.post(
    '/api/DisabilityProportion/calculate',
    {
      config: { access: SIGNED_IN },
      schema: { tags, summary: '计算残疾人就业保障金', body: disabilityLevyInputSchema },
    },
    async (request) => ok(await calculate(app.db, request.body)),
  );

  app.post(
    '/api/DisabilityProportion/export',
    {
      config: { access: SIGNED_IN },
      schema: { tags, summary: '导出残保金计算过程', body: disabilityLevyInputSchema },
    },
    async (request, reply) => {
      const result = await calculate(app.db, request.body);
      const rows = [
        ...result.lines,
        { label: '政策依据', working: result.basis.join('；'), value: '' },
        { label: '比例来源', working: result.proportion.basis, value: '' },
      ];
      const file = await buildXlsx(
        '残保金计算过程',
        [
          { header: '项目', width: 26, value: (row) => row.label },
          { header: '计算过程', width: 70, value: (row) => row.working },
          { header: '结果', width: 20, value: (row) => row.value },
        ],
        rows,
      );
      return sendXlsx(reply, `残保金计算过程-${request.body.levyYear}年度.xlsx`, file);
    },
  );

  app.get(
    '/api/operator/disabilityProportion/list',
    { config: { access: operatorAccess('content') }, schema: { tags, summary: '残保金比例表' } },
    async () => ok(await proportionColumns(app.db).orderBy('region_code').execute()),
  );

  app.post(
    '/api/operator/disabilityProportion/save',
    {
      config: { access: operatorAccess('content') },
      schema: { tags, summary: '保存残保金地区比例', body: disabilityProportionSchema },
    },
    async (request) => {
      const row = request.body;
      const before = await proportionColumns(app.db).where('region_code', '=', row.regionCode).executeTakeFirst();
      await app.db
        .insertInto('disability_proportions')
        .values({
          region_code: row.regionCode,
          region_name: row.regionName,
          ratio_bp: row.ratioBp,
          basis: row.basis,
          updated_by: request.session?.userId ?? null,
        })
        .onConflict((conflict) =>
          conflict.column('region_code').doUpdateSet({
            region_name: row.regionName,
            ratio_bp: row.ratioBp,
            basis: row.basis,
            updated_at: new Date(),
            updated_by: request.session?.userId ?? null,
          }),
        )
        .execute();
      noteAudit(request, { targetType: 'disability_proportion', targetId: row.regionCode, before, after: row });
      return ok(row);
    },
  );

  app.post(
    '/api/operator/disabilityProportion/delete',
    {
      config: { access: operatorAccess('content') },
      schema: { tags, summary: '删除残保金地区比例', body: z.object({ regionCode: z.string().regex(/^\d{6}$/) }) },
    },
    async (request) => {
      if (request.body.regionCode === NATIONAL) throw new AppError('VALIDATION', '全国默认比例不能删除');
      const before = await proportionColumns(app.db)
        .where('region_code', '=', request.body.regionCode)
        .executeTakeFirst();
      if (!before) throw new AppError('NOT_FOUND', '该地区比例不存在');
      await app.db.deleteFrom('disability_proportions').where('region_code', '=', request.body.regionCode).execute();
      noteAudit(request, { targetType: 'disability_proportion', targetId: request.body.regionCode, before });
      return ok(null);
    },
  );
}
