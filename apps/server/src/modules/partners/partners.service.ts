import {
  LEDGER_REASON_LABELS,
  maskPhone,
  type Page,
  type PartnerInvite,
  type PartnerReward,
  type PartnerSignup,
  partnerRewardSchema,
  REPORT_KINDS,
} from '@taxlens/shared';
import { sql } from 'kysely';
import type { Db, DbOrTx } from '../../db/kysely.js';
import { notFound } from '../../lib/app-error.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { findMainAccount } from '../accounts/accounts.repo.js';
import { writeAudit } from '../accounts/audit.repo.js';
import { type Asset, moveAsset } from '../billing/wallet.repo.js';

const REWARD_KEY = 'partner_invite_reward';
const iso = (value: Date | null) => (value ? value.toISOString() : null);

export interface InviteActor {
  userId: number;
  groupId: number;
}

/** A new invitation link; its token is answered once and only its hash is kept. */
export async function createInvite(db: Db, actor: InviteActor, note: string, baseUrl: string): Promise<PartnerInvite> {
  const token = newToken();
  const row = await db
    .insertInto('partner_invites')
    .values({ group_id: actor.groupId, created_by: actor.userId, token_hash: hashToken(token), note })
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();
  const me = await db
    .selectFrom('users')
    .select(['nick_name', 'phone'])
    .where('id', '=', actor.userId)
    .executeTakeFirst();
  return {
    id: row.id,
    note,
    createTime: row.created_at.toISOString(),
    createdBy: me?.nick_name ?? maskPhone(me?.phone),
    revoked: false,
    signups: 0,
    url: `${baseUrl}/login?mode=register&invite=${token}`,
  };
}

export async function listInvites(db: Db, groupId: number, page: number, size: number): Promise<Page<PartnerInvite>> {
  const base = db.selectFrom('partner_invites as i').where('i.group_id', '=', groupId);
  const [rows, total] = await Promise.all([
    base
      .innerJoin('users as u', 'u.id', 'i.created_by')
      .select(['i.id', 'i.note', 'i.created_at', 'i.revoked_at', 'u.nick_name', 'u.phone'])
      .select((eb) =>
        eb
          .selectFrom('partner_invite_signups as s')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('s.invite_id', '=', 'i.id')
          .as('signups'),
      )
      .orderBy('i.created_at', 'desc')
      .orderBy('i.id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    list: rows.map((row) => ({
      id: row.id,
      note: row.note,
      createTime: row.created_at.toISOString(),
      createdBy: row.nick_name ?? maskPhone(row.phone),
      revoked: row.revoked_at !== null,
      signups: Number(row.signups ?? 0),
    })),
    total: total.n,
    page,
    size,
  };
}

/** Revoking stops new sign-ups through the link; sign-ups already made keep their record. */
export async function revokeInvite(db: Db, actor: InviteActor, id: number): Promise<void> {
  const updated = await db
    .updateTable('partner_invites')
    .set({ revoked_at: sql`coalesce(revoked_at, now())` })
    .where('id', '=', id)
    .where('group_id', '=', actor.groupId)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) throw notFound('邀请链接不存在');
  await writeAudit(db, {
    groupId: actor.groupId,
    actorId: actor.userId,
    action: 'partner.invite_revoke',
    detail: { id },
  });
}

export async function listSignups(db: Db, groupId: number, page: number, size: number): Promise<Page<PartnerSignup>> {
  const base = db.selectFrom('partner_invite_signups as s').where('s.inviter_group_id', '=', groupId);
  const [rows, total] = await Promise.all([
    base
      .innerJoin('partner_invites as i', 'i.id', 's.invite_id')
      .innerJoin('users as u', 'u.id', 's.invited_user_id')
      .leftJoin('groups as g', 'g.id', 's.invited_group_id')
      .select([
        's.id',
        'i.note',
        'u.phone',
        'g.name',
        's.signed_up_at',
        's.bound_at',
        's.reward_type',
        's.reward_count',
      ])
      .orderBy('s.signed_up_at', 'desc')
      .orderBy('s.id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    list: rows.map((row) => ({
      id: row.id,
      inviteNote: row.note,
      phone: maskPhone(row.phone),
      groupName: row.name,
      signUpTime: row.signed_up_at.toISOString(),
      bindTime: iso(row.bound_at),
      reward: row.reward_type && row.reward_count ? rewardText(row.reward_type, row.reward_count) : null,
    })),
    total: total.n,
    page,
    size,
  };
}

function rewardText(type: number, count: number): string {
  const kind = REPORT_KINDS.find((entry) => entry.type === type);
  return `${kind?.name ?? '报告'} ${count} 次`;
}

async function liveInvite(db: DbOrTx, token: string) {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return undefined;
  return db
    .selectFrom('partner_invites as i')
    .innerJoin('groups as g', 'g.id', 'i.group_id')
    .select(['i.id', 'i.group_id', 'i.revoked_at', 'g.name'])
    .where('i.token_hash', '=', hashToken(token))
    .executeTakeFirst();
}

/** For the sign-up page: who invites; a revoked or unknown link says only that it is not valid. */
export async function inviteInfo(db: Db, token: string): Promise<{ groupName: string; valid: boolean }> {
  const invite = await liveInvite(db, token);
  if (!invite || invite.revoked_at) return { groupName: '', valid: false };
  return { groupName: invite.name, valid: true };
}

/**
 * A sign-up through a link: recorded against the inviting group. An unknown or revoked link does
 * not stop the sign-up; it is simply not recorded.
 */
export async function recordSignup(db: Db, token: string, userId: number): Promise<void> {
  const invite = await liveInvite(db, token);
  if (!invite || invite.revoked_at) return;
  await db
    .insertInto('partner_invite_signups')
    .values({ invite_id: invite.id, inviter_group_id: invite.group_id, invited_user_id: userId })
    .onConflict((oc) => oc.column('invited_user_id').doNothing())
    .execute();
}

export async function readReward(db: DbOrTx): Promise<PartnerReward> {
  const row = await db.selectFrom('app_settings').select('value').where('key', '=', REWARD_KEY).executeTakeFirst();
  const parsed = partnerRewardSchema.safeParse(row?.value);
  return parsed.success ? parsed.data : { creditType: 1, count: 0 };
}

export async function setReward(db: Db, operatorId: number, reward: PartnerReward): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const before = await readReward(tx);
    await tx
      .insertInto('app_settings')
      .values({ key: REWARD_KEY, value: JSON.stringify(reward) })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(reward) }))
      .execute();
    await writeAudit(tx, {
      groupId: null,
      actorId: operatorId,
      action: 'operator.partner_reward',
      detail: { before, after: reward },
    });
  });
}

/**
 * The invited user has bound its own account subject: the inviting group's main account gets the
 * reward the operator set, once per invited firm, as a ledger row in the binding's transaction.
 */
export async function rewardInviter(tx: DbOrTx, invitedUserId: number, invitedGroupId: number): Promise<void> {
  const signup = await tx
    .selectFrom('partner_invite_signups')
    .select(['id', 'inviter_group_id'])
    .where('invited_user_id', '=', invitedUserId)
    .where('invited_group_id', 'is', null)
    .forUpdate()
    .executeTakeFirst();
  if (!signup) return;
  const reward = await readReward(tx);
  const main = await findMainAccount(tx, signup.inviter_group_id);
  let entryId: number | null = null;
  if (main && reward.count > 0) {
    const moved = await moveAsset(tx, {
      groupId: signup.inviter_group_id,
      userId: Number(main.id),
      asset: reward.creditType as Asset,
      delta: reward.count,
      reason: 'partner_reward',
      note: LEDGER_REASON_LABELS.partner_reward,
      requestKey: `partner-signup-${signup.id}`,
    });
    entryId = moved.entryId;
  }
  await tx
    .updateTable('partner_invite_signups')
    .set({
      invited_group_id: invitedGroupId,
      bound_at: sql`now()`,
      reward_type: entryId ? reward.creditType : null,
      reward_count: entryId ? reward.count : null,
      reward_entry_id: entryId,
    })
    .where('id', '=', signup.id)
    .execute();
}
