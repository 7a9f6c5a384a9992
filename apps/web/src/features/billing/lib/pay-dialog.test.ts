import { describe, expect, it } from 'vitest';
import {
  hasNothingToSpend,
  type PayDialogInput,
  purchaseInfoState,
  shouldCheckPayDialog,
  shouldShowPayDialog,
  withinLoginWindow,
} from './pay-dialog';

const LOGIN = Date.UTC(2026, 0, 5, 1, 0, 0);
const noCredits = [1, 2, 3, 4, 5, 6].map(() => ({ count: 0 }));

function input(overrides: Partial<PayDialogInput> = {}): PayDialogInput {
  return {
    balance: 0,
    credits: noCredits,
    loginTimeStamp: LOGIN,
    now: LOGIN + 1_000,
    flagSet: false,
    serverFlag: false,
    serverFlagCheckedForThisLogin: false,
    shownForThisLogin: false,
    ...overrides,
  };
}

describe('pay dialog (spec §4)', () => {
  it('shows right after login for an account with no balance and no credits', () => {
    expect(shouldShowPayDialog(input())).toBe(true);
  });

  it('does not show when any balance or any credit type is positive', () => {
    expect(shouldShowPayDialog(input({ balance: 1 }))).toBe(false);
    const oneCredit = noCredits.map((item, index) => (index === 4 ? { count: 1 } : item));
    expect(shouldShowPayDialog(input({ credits: oneCredit }))).toBe(false);
  });

  it('counts a negative or zero balance as nothing to spend', () => {
    expect(hasNothingToSpend(0, noCredits)).toBe(true);
    expect(hasNothingToSpend(-100, noCredits)).toBe(true);
    expect(hasNothingToSpend(0, [])).toBe(true);
  });

  it('cannot tell when the balance is hidden (no viewBalance): it does not show', () => {
    expect(hasNothingToSpend(null, noCredits)).toBeNull();
    expect(shouldShowPayDialog(input({ balance: null }))).toBe(false);
    // Credits are always visible: a hidden balance with credits is "something to spend".
    expect(hasNothingToSpend(null, [{ count: 3 }])).toBe(false);
  });

  it('uses a 5 s login window, inclusive, tolerant of a small clock difference', () => {
    expect(withinLoginWindow(LOGIN, LOGIN + 5_000)).toBe(true);
    expect(withinLoginWindow(LOGIN, LOGIN + 5_001)).toBe(false);
    expect(withinLoginWindow(LOGIN, LOGIN - 2_000)).toBe(true);
    expect(shouldShowPayDialog(input({ now: LOGIN + 60_000 }))).toBe(false);
  });

  it('shows outside the window when the notCheckPayDialogFlag was set', () => {
    expect(shouldShowPayDialog(input({ now: LOGIN + 3_600_000, flagSet: true }))).toBe(true);
    expect(shouldShowPayDialog(input({ shownForThisLogin: true, flagSet: true }))).toBe(true);
  });

  it('the server flag (a report refused for funds) asks once per login, even after the window', () => {
    const later = LOGIN + 3_600_000;
    expect(shouldShowPayDialog(input({ now: later, shownForThisLogin: true, serverFlag: true }))).toBe(true);
    expect(
      shouldShowPayDialog(
        input({ now: later, shownForThisLogin: true, serverFlag: true, serverFlagCheckedForThisLogin: true }),
      ),
    ).toBe(false);
    // Still only for an account with nothing to spend.
    expect(shouldShowPayDialog(input({ now: later, serverFlag: true, balance: 100 }))).toBe(false);
  });

  it('is checked once per login: a reload within the window does not show it again', () => {
    const { balance: _balance, credits: _credits, ...check } = input({ shownForThisLogin: true });
    expect(shouldCheckPayDialog(check)).toBe(false);
    expect(shouldShowPayDialog(input({ shownForThisLogin: true }))).toBe(false);
  });

  it('says 未查询到您的购买信息 only when the purchase info is still missing after 5 s', () => {
    expect(purchaseInfoState({ hasData: false, elapsedMs: 0 })).toBe('loading');
    expect(purchaseInfoState({ hasData: false, elapsedMs: 4_999 })).toBe('loading');
    expect(purchaseInfoState({ hasData: false, elapsedMs: 5_000 })).toBe('missing');
    expect(purchaseInfoState({ hasData: true, elapsedMs: 60_000 })).toBe('ready');
  });
});
