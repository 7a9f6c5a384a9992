import { AUDIT_ACTION_LABELS, type ChildUser, type DeniedEntry, levelLabel, maskPhone } from '@taxlens/shared';
import type { GroupUserRow } from './accounts.repo.js';
import type { listAudit } from './audit.repo.js';

/** A sub-account row; its balance only for a viewer with viewBalance. */
export function presentChildUser(row: GroupUserRow, balanceVisible = false): ChildUser {
  return {
    userId: Number(row.id),
    phone: row.phone,
    nickName: row.nick_name,
    level: row.level,
    levelName: levelLabel(row.level),
    status: row.status,
    notMenus: row.not_menus as DeniedEntry[],
    teams: row.teams.map((team) => ({ teamId: Number(team.teamId), name: team.name })),
    createTime: row.created_at.toISOString(),
    balance: balanceVisible ? Number(row.balance_fen ?? 0) : null,
    credits: (row.credits ?? [0, 0, 0, 0, 0, 0]).map(Number),
    monthlyLimitFen: row.monthly_limit_fen === null ? null : Number(row.monthly_limit_fen),
    monthlyUsedFen: Number(row.monthly_used_fen),
  };
}

type AuditRow = Awaited<ReturnType<typeof listAudit>>['rows'][number];

export function presentAudit(row: AuditRow) {
  const who = (name: string | null, phone: string | null) =>
    phone ? `${name ?? ''} ${maskPhone(phone)}`.trim() : null;
  return {
    id: Number(row.id),
    action: row.action,
    actionLabel: AUDIT_ACTION_LABELS[row.action] ?? row.action,
    actor: who(row.actor_name, row.actor_phone) ?? '系统',
    target: who(row.target_name, row.target_phone),
    detail: row.detail as Record<string, unknown>,
    createTime: row.created_at.toISOString(),
  };
}
