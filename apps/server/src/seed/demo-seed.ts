import { sql } from 'kysely';
import type { Db } from '../db/kysely.js';
import { hashPassword } from '../lib/passwords.js';
import { type Asset, moveAsset } from '../modules/billing/wallet.repo.js';

/** Fixed ids and obviously fictitious names, so tests and docs can name them. */
export const DEMO = {
  password: 'Demo123456',
  groups: [
    {
      id: 1,
      name: '示例财税咨询有限公司',
      creditCode: '91110108MA01TL001R',
      contactName: '示例联系人',
      contactPhone: '13800000001',
    },
    {
      id: 2,
      name: '演示会计师事务所',
      creditCode: '91310115MA1TL00026',
      contactName: '演示联系人',
      contactPhone: '13900000001',
    },
  ],
  users: [
    { id: 1, groupId: 1, phone: '13800000001', level: 1, nickName: '张主账号' },
    { id: 2, groupId: 1, phone: '13800000002', level: 2, nickName: '李主管' },
    { id: 3, groupId: 1, phone: '13800000003', level: 3, nickName: '王员工' },
    { id: 4, groupId: 2, phone: '13900000001', level: 1, nickName: '赵主账号' },
  ],
  mainWallet: { balanceFen: 100_000, creditsPerType: 20 },
  /** Operator console staff (issue 18): no group, one per kind of work the browser tests need. */
  operators: [
    { id: 901, phone: '13700000001', nickName: '平台管理员', roles: ['admin'] },
    { id: 902, phone: '13700000002', nickName: '平台财务', roles: ['finance'] },
    { id: 903, phone: '13700000003', nickName: '平台内容', roles: ['content'] },
    { id: 904, phone: '13700000004', nickName: '平台客服', roles: ['support'] },
  ],
} as const;

/**
 * Fills an empty database with the demo groups and users. Returns false without touching
 * anything when any user exists, so it never runs on a database with real data.
 */
export async function seedDemoIfEmpty(db: Db): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    await sql`SELECT pg_advisory_xact_lock(727002)`.execute(tx);
    const existing = await tx.selectFrom('users').select(sql<string>`count(*)`.as('count')).executeTakeFirstOrThrow();
    if (Number(existing.count) > 0) return false;
    const passwordHash = await hashPassword(DEMO.password);
    for (const group of DEMO.groups) {
      await tx
        .insertInto('groups')
        .values({
          id: group.id,
          name: group.name,
          credit_code: group.creditCode,
          contact_name: group.contactName,
          contact_phone: group.contactPhone,
        })
        .execute();
    }
    for (const user of DEMO.users) {
      await tx
        .insertInto('users')
        .values({
          id: user.id,
          group_id: user.groupId,
          phone: user.phone,
          password_hash: passwordHash,
          level: user.level,
          nick_name: user.nickName,
          not_menus: '[]',
          list_hidden: '{}',
        })
        .execute();
    }
    for (const operator of DEMO.operators) {
      await tx
        .insertInto('users')
        .values({
          id: operator.id,
          group_id: null,
          phone: operator.phone,
          password_hash: passwordHash,
          level: 1,
          nick_name: operator.nickName,
          not_menus: '[]',
          list_hidden: '{}',
          operator_roles: [...operator.roles],
        })
        .execute();
    }
    const main = DEMO.users[0];
    const assets: [Asset, number][] = [[0, DEMO.mainWallet.balanceFen]];
    for (let type = 1; type <= 6; type++) assets.push([type as Asset, DEMO.mainWallet.creditsPerType]);
    for (const [asset, amount] of assets) {
      await moveAsset(tx, {
        groupId: main.groupId,
        userId: main.id,
        asset,
        delta: amount,
        reason: 'demo_seed',
        note: '演示数据初始额度',
      });
    }
    return true;
  });
}
