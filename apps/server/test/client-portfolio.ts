import { createTeam, createUser } from './factories.js';
import type { TestContext } from './helpers.js';
import { addImport, addReport, createCompany } from './portfolio-factories.js';

export interface Portfolio {
  tokens: Record<'main' | 'supervisor' | 'staff' | 'staffB' | 'other' | 'denied', string>;
  ids: Record<'A' | 'B' | 'C' | 'D' | 'E', number>;
  staffBId: number;
}

/**
 * Group 1: A (staff 王员工, in 李主管's team), B (a second staff member outside the team),
 * C (李主管 himself), D (nobody; made by the main account). Group 2: E, with reports that must
 * never show in group 1's figures.
 */
export async function seedPortfolio(ctx: TestContext): Promise<Portfolio> {
  const tokens = {} as Portfolio['tokens'];
  const ids = {} as Portfolio['ids'];
  await ctx.db.updateTable('groups').set({ data_price_auth: 1 }).execute();
  const staffB = await createUser(ctx.db, { groupId: 1, level: 3, nickName: '陈员工' });
  const denied = await createUser(ctx.db, {
    groupId: 1,
    level: 3,
    notMenus: [{ type: 1, permission: 'clientAnalyze' }],
  });
  await createTeam(ctx.db, 1, '一组', [2, 3]);
  tokens.main = await ctx.login('13800000001');
  tokens.supervisor = await ctx.login('13800000002');
  tokens.staff = await ctx.login('13800000003');
  tokens.staffB = await ctx.login(staffB.phone);
  tokens.other = await ctx.login('13900000001');
  tokens.denied = await ctx.login(denied.phone);

  const company = async (key: keyof typeof ids, groupId: number, createdBy: number, assigneeId: number | null) => {
    const made = await createCompany(ctx.db, { groupId, name: `客户${key}贸易有限公司`, createdBy, assigneeId });
    ids[key] = made.id;
    return { ...made, groupId, name: `客户${key}贸易有限公司` };
  };
  const a = await company('A', 1, 1, 3);
  const b = await company('B', 1, 1, staffB.id);
  await company('C', 1, 2, 2);
  const d = await company('D', 1, 1, null);
  const e = await company('E', 2, 4, null);

  await addReport(ctx.db, a, {
    type: 'INVOICE',
    createdAt: '2026-02-10T10:00:00+08:00',
    level: 'high',
    createdBy: 3,
    findings: [
      { title: '进销品目不匹配', level: 'high' },
      // Only in A's older invoice report: not among the top items.
      { title: '发票作废率偏高', level: 'medium' },
    ],
  });
  await addReport(ctx.db, a, {
    type: 'INVOICE',
    createdAt: '2026-05-03T10:00:00+08:00',
    level: 'medium',
    createdBy: 3,
    findings: [{ title: '进销品目不匹配', level: 'medium' }],
  });
  await addReport(ctx.db, a, {
    type: 'TAX',
    createdAt: '2026-05-04T10:00:00+08:00',
    level: 'low',
    createdBy: 3,
    findings: [
      { title: '税负率低于行业预警值', level: 'low' },
      { title: '纳税信用', level: 'none' },
      { title: '成本费用结构', level: 'insufficient' },
    ],
  });
  await addReport(ctx.db, b, {
    type: 'COMPREHENSIVE',
    createdAt: '2026-03-15T10:00:00+08:00',
    level: 'high',
    createdBy: staffB.id,
    findings: [
      { title: '进销品目不匹配', level: 'high' },
      { title: '税负率低于行业预警值', level: 'high' },
    ],
  });
  // 1 June 00:30 in China is still 31 May in UTC: it counts for June.
  await addReport(ctx.db, d, { type: 'INVOICE', createdAt: '2026-06-01T00:30:00+08:00', level: 'none', createdBy: 1 });
  await addReport(ctx.db, d, { type: 'TAX', createdAt: '2026-07-01T10:00:00+08:00', status: 'failed', createdBy: 1 });
  await addReport(ctx.db, d, { type: 'TAX', createdAt: '2024-01-05T10:00:00+08:00', level: 'high', createdBy: 1 });
  for (const at of ['2026-02-01T10:00:00+08:00', '2026-03-01T10:00:00+08:00']) {
    await addReport(ctx.db, e, {
      type: 'INVOICE',
      createdAt: at,
      level: 'high',
      createdBy: 4,
      findings: [{ title: '其他机构的风险项', level: 'high' }],
    });
  }

  await addImport(ctx.db, a, { daysAgo: 10, createdBy: 3 });
  await addImport(ctx.db, b, { daysAgo: 200, createdBy: staffB.id, kind: 'statement' });
  // A failed upload yesterday does not make B's data fresh.
  await addImport(ctx.db, b, { daysAgo: 1, status: 'failed', createdBy: staffB.id });
  await addImport(ctx.db, d, { daysAgo: 5, createdBy: 1 });
  await addImport(ctx.db, e, { daysAgo: 400, createdBy: 4 });
  return { tokens, ids, staffBId: staffB.id };
}
