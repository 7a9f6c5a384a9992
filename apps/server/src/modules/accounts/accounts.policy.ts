import { type DeniedEntry, hasPermission, PERMISSION_KEYS, type PermissionKey } from '@taxlens/shared';
import { AppError } from '../../lib/app-error.js';

/** Who is acting, as far as account rules care. */
export interface Actor {
  userId: number;
  groupId: number;
  level: number;
  notMenus: readonly DeniedEntry[];
}

export interface ManagedUser {
  id: number;
  level: number;
}

/**
 * The main account manages every other user of its group. A supervisor manages only the
 * staff of the teams it leads (`managedStaff`). Staff manage nobody.
 */
export function assertCanManage(actor: Actor, target: ManagedUser, managedStaff: ReadonlySet<number>): void {
  if (target.id === actor.userId) throw new AppError('FORBIDDEN', '不能对自己的账号执行此操作');
  if (target.level === 1) throw new AppError('FORBIDDEN', '不能修改主账号');
  if (actor.level === 1) return;
  if (actor.level === 2 && target.level === 3 && managedStaff.has(target.id)) return;
  throw new AppError('FORBIDDEN');
}

/** Sub-accounts are supervisors (2) or staff (3); a supervisor may only create or keep staff. */
export function assertAssignableLevel(actor: Actor, level: number): void {
  if (actor.level !== 1 && level !== 3) throw new AppError('FORBIDDEN');
  if (level !== 2 && level !== 3) throw new AppError('FORBIDDEN', '子账号只能是主管或员工');
}

/**
 * Nobody grants what they do not have: every key denied to a supervisor stays denied to
 * the staff it edits.
 */
export function assertGrantable(actor: Actor, nextDenied: readonly DeniedEntry[]): void {
  if (actor.level === 1) return;
  const lacking = PERMISSION_KEYS.filter((key) => !hasPermission(actor, key));
  const stillDenied = new Set(nextDenied.map((entry) => entry.permission));
  const granted = lacking.filter((key: PermissionKey) => !stillDenied.has(key));
  if (granted.length > 0) throw new AppError('FORBIDDEN', '不能授予自己没有的权限');
}
