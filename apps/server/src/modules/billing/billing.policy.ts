import { hasPermission } from '@taxlens/shared';
import { AppError } from '../../lib/app-error.js';
import type { RouteAccess } from '../../plugins/access.js';
import type { Actor } from '../accounts/accounts.policy.js';

export type { Actor };

/** /my pages (account, counts, orders, flows, statistics): fyzx|zhBalance (spec §2). */
export const MY_PAGES: RouteAccess = { permission: ['fyzx', 'zhBalance'] };
/** /my/ticket, purchase invoices: fyzx|invoice. */
export const INVOICE_PAGES: RouteAccess = { permission: ['fyzx', 'invoice'] };
/** Placing and cancelling orders: the `pay` action right (the top-up button). */
export const PAY: RouteAccess = { permission: 'pay' };
/** Giving to and taking back from sub-accounts: the /my pages, main account and supervisors only. */
export const TRANSFER: RouteAccess = { permission: ['fyzx', 'zhBalance'], levels: [1, 2] };

/** The balance is shown only with viewBalance (spec §5); the server does not send what the UI would mask. */
export function canViewBalance(actor: Actor): boolean {
  return hasPermission(actor, 'viewBalance');
}

export function canPay(actor: Actor): boolean {
  return hasPermission(actor, 'pay');
}

/**
 * Orders and purchase invoices belong to whoever placed them; the main account sees the
 * group's. Answers the user id to filter on, or undefined for the whole group.
 */
export function ownerFilter(actor: Actor): number | undefined {
  return actor.level === 1 ? undefined : actor.userId;
}

/**
 * Whose wallet and ledger an actor may read: its own; the main account any user of its group;
 * a supervisor the staff of its teams.
 */
export function assertCanView(actor: Actor, target: { id: number; level: number }, managed: ReadonlySet<number>) {
  if (target.id === actor.userId || actor.level === 1) return;
  if (actor.level === 2 && target.level === 3 && managed.has(target.id)) return;
  throw new AppError('FORBIDDEN');
}

/**
 * Who may move balance or credits to or from whom: the main account with any sub-account of
 * its group, a supervisor only with the staff of its teams, always through its own wallet.
 */
export function assertCanTransfer(actor: Actor, target: { id: number; level: number }, managed: ReadonlySet<number>) {
  if (target.id === actor.userId) throw new AppError('VALIDATION', '不能与自己的账户划拨', { fields: {} });
  if (target.level === 1) throw new AppError('FORBIDDEN', '不能与主账号划拨');
  if (actor.level === 1) return;
  if (actor.level === 2 && target.level === 3 && managed.has(target.id)) return;
  throw new AppError('FORBIDDEN', '只能与本团队的员工账号划拨');
}
