import { LIMITS } from '@taxlens/shared';

/** Where the dialog leads; it does not open there. */
export const PAY_PATH = '/pay';

/**
 * The pay dialog of spec §4 as pure decisions, so they are tested without a browser. It shows
 * when the user has no positive balance and no positive count in any credit type, and either the
 * notCheckPayDialogFlag was set or the login happened within 5 s.
 */
export interface PayDialogInput {
  /** Fen; null when the balance is not visible to the user (no viewBalance). */
  balance: number | null;
  credits: readonly { count: number }[];
  /** The session user's loginTimeStamp (server clock, ms). */
  loginTimeStamp: number;
  now: number;
  /** Another part of this page asked for the check. */
  flagSet: boolean;
  /** notCheckPayDialogFlag from the server: a report was refused for lack of funds, on any device. */
  serverFlag: boolean;
  /** The server flag was already checked after this login: it asks once per login, not on every page. */
  serverFlagCheckedForThisLogin: boolean;
  /** Already shown after this login: a reload within the window does not show it again. */
  shownForThisLogin: boolean;
}

/**
 * true: nothing to spend; false: something to spend; null: cannot tell, because the balance is
 * hidden from this user (an empty-looking account may hold money it may not see).
 */
export function hasNothingToSpend(balance: number | null, credits: readonly { count: number }[]): boolean | null {
  if (credits.some((item) => item.count > 0)) return false;
  if (balance === null) return null;
  return balance <= 0;
}

/** Login within the window; a few seconds of clock difference between server and browser count as "now". */
export function withinLoginWindow(loginTimeStamp: number, now: number): boolean {
  const elapsed = now - loginTimeStamp;
  return Math.abs(elapsed) <= LIMITS.payDialogLoginWindowMs;
}

/** Whether to ask the server for the wallet at all (cheap check before any request). */
export function shouldCheckPayDialog(input: Omit<PayDialogInput, 'balance' | 'credits'>): boolean {
  if (input.flagSet) return true;
  if (input.serverFlag && !input.serverFlagCheckedForThisLogin) return true;
  return !input.shownForThisLogin && withinLoginWindow(input.loginTimeStamp, input.now);
}

export function shouldShowPayDialog(input: PayDialogInput): boolean {
  return shouldCheckPayDialog(input) && hasNothingToSpend(input.balance, input.credits) === true;
}

export type PurchaseInfoState = 'loading' | 'ready' | 'missing';

/** Purchase info (findBuyConfigList) still missing 5 s after the dialog opened: 未查询到您的购买信息. */
export function purchaseInfoState(input: { hasData: boolean; elapsedMs: number }): PurchaseInfoState {
  if (input.hasData) return 'ready';
  return input.elapsedMs >= LIMITS.purchaseWarningDelayMs ? 'missing' : 'loading';
}
