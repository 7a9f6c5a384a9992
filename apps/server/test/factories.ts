import type { DeniedEntry } from '@taxlens/shared';
import type { Db } from '../src/db/kysely.js';
import { hashPassword } from '../src/lib/passwords.js';
import { DEMO } from '../src/seed/demo-seed.js';

let passwordHash: Promise<string> | undefined;
let phoneCounter = 0;

/** A unique phone per call within a test file. */
export function nextPhone(): string {
  phoneCounter += 1;
  return `166${String(process.pid % 1000).padStart(3, '0')}${String(phoneCounter).padStart(5, '0')}`;
}

export async function createGroup(db: Db, name = `测试集团${++phoneCounter}`): Promise<number> {
  const row = await db
    .insertInto('groups')
    .values({ name, credit_code: null, contact_name: null, contact_phone: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A user with the demo password; level 1 unless told otherwise. */
export async function createUser(
  db: Db,
  options: { groupId: number | null; level?: 1 | 2 | 3; notMenus?: DeniedEntry[]; phone?: string; nickName?: string },
): Promise<{ id: number; phone: string }> {
  passwordHash ??= hashPassword(DEMO.password);
  const phone = options.phone ?? nextPhone();
  const row = await db
    .insertInto('users')
    .values({
      group_id: options.groupId,
      phone,
      password_hash: await passwordHash,
      level: options.level ?? 1,
      nick_name: options.nickName ?? `用户${phone.slice(-4)}`,
      not_menus: JSON.stringify(options.notMenus ?? []),
      list_hidden: '{}',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, phone };
}

export async function createTeam(db: Db, groupId: number, name: string, memberIds: number[]): Promise<number> {
  const team = await db
    .insertInto('teams')
    .values({ group_id: groupId, name })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (memberIds.length > 0) {
    await db
      .insertInto('team_members')
      .values(memberIds.map((userId) => ({ team_id: team.id, user_id: userId, group_id: groupId })))
      .execute();
  }
  return team.id;
}
