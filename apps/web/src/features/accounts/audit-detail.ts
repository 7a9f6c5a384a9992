import { levelLabel, maskPhone, PERMISSION_LABELS, type PermissionKey } from '@taxlens/shared';
import { type MessageKey, t } from '../../locales';

/** Detail keys the server writes, in the order they read best. */
const KEY_ORDER = [
  'name',
  'creditCode',
  'contactName',
  'contactPhone',
  'nickName',
  'phone',
  'level',
  'status',
  'password',
  'teamId',
  'teamIds',
  'members',
  'notMenus',
  'before',
  'after',
] as const;
type DetailKey = (typeof KEY_ORDER)[number];

function permissionList(value: unknown): string {
  if (!Array.isArray(value) || value.length === 0) return t('accounts.audit.none');
  return value.map((key) => PERMISSION_LABELS[key as PermissionKey] ?? String(key)).join('、');
}

function teamName(id: unknown, teams: ReadonlyMap<number, string>): string {
  return teams.get(Number(id)) ?? `#${String(id)}`;
}

function formatValue(key: DetailKey, value: unknown, teams: ReadonlyMap<number, string>): string {
  switch (key) {
    case 'phone':
    case 'contactPhone':
      return maskPhone(String(value));
    case 'level':
      return levelLabel(Number(value));
    case 'status':
      return value === 'disabled' ? t('accounts.users.status.disabled') : t('accounts.users.status.active');
    case 'teamId':
      return teamName(value, teams);
    case 'teamIds':
      return Array.isArray(value) && value.length > 0
        ? value.map((id) => teamName(id, teams)).join('、')
        : t('accounts.audit.none');
    case 'members':
      return Array.isArray(value) ? String(value.length) : String(value);
    case 'notMenus':
    case 'before':
    case 'after':
      return permissionList(value);
    default:
      return typeof value === 'string' || typeof value === 'number' ? String(value) : JSON.stringify(value);
  }
}

/**
 * One line per detail of an activity-log entry in plain Chinese (labels, masked phones, team and
 * permission names) rather than the stored JSON. Unknown keys are left out.
 */
export function describeAuditDetail(
  detail: Record<string, unknown>,
  teams: ReadonlyMap<number, string> = new Map(),
): string[] {
  return KEY_ORDER.filter((key) => key in detail && detail[key] !== undefined && detail[key] !== null).map(
    (key) => `${t(`accounts.audit.detailKeys.${key}` as MessageKey)}：${formatValue(key, detail[key], teams)}`,
  );
}
