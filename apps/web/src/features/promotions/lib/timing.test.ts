import { type DiscountBanner, LIMITS } from '@taxlens/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../../test-support/fixtures';
import { countdownDeadline, countdownOver, countdownParts, discountDialogShown, nextImageBanner } from './timing';

const NOW = Date.parse('2026-03-01T10:00:00+08:00');
const item = (id: number, lastClosedAt: string | null) => ({
  id,
  title: `活动${id}`,
  image: '',
  linkUrl: '',
  lastClosedAt,
});
const banner = { isBecomeDue: 0, isRead: 0, list: [{ id: 1 }] } as unknown as DiscountBanner;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

describe('image dialog: not again for 24 h per banner', () => {
  it('skips a banner closed 23 h 59 min ago and shows it again at 24 h', () => {
    const closed = new Date(Date.now()).toISOString();
    const items = [item(1, closed), item(2, null)];
    expect(nextImageBanner(items, Date.now())?.id).toBe(2);
    vi.advanceTimersByTime(LIMITS.bannerCloseRememberMs - 60_000);
    expect(nextImageBanner([item(1, closed)], Date.now())).toBeUndefined();
    vi.advanceTimersByTime(60_000);
    expect(nextImageBanner([item(1, closed)], Date.now())?.id).toBe(1);
  });
});

describe('discount dialog conditions (spec §4)', () => {
  it('shows only to level 1 with isBecomeDue 0, isRead 0 and dataPriceAuth 0', () => {
    const main = makeUser();
    expect(discountDialogShown(main, banner)).toBe(true);
    expect(discountDialogShown(makeUser({ level: 2 }), banner)).toBe(false);
    expect(discountDialogShown(main, { ...banner, isBecomeDue: 1 })).toBe(false);
    expect(discountDialogShown(main, { ...banner, isRead: 1 })).toBe(false);
    const bought = makeUser({ serviceRights: { dataPriceAuth: 1, invoicePriceAuth: 0, mindPriceAuth: 0 } });
    expect(discountDialogShown(bought, banner)).toBe(false);
    expect(discountDialogShown(main, { ...banner, list: [] })).toBe(false);
    expect(discountDialogShown(main, undefined)).toBe(false);
  });
});

describe('countdown', () => {
  it('is capped at 30 minutes when the discount ends later', () => {
    const deadline = countdownDeadline(Date.now(), '2026-03-05T00:00:00+08:00');
    expect(deadline - Date.now()).toBe(30 * 60_000);
    expect(countdownParts(deadline, Date.now())).toEqual(['00', '30', '00']);
  });

  it('runs to the discount’s end when that is sooner, and is over under 1 s', () => {
    const deadline = countdownDeadline(Date.now(), new Date(Date.now() + 90_500).toISOString());
    expect(countdownParts(deadline, Date.now())).toEqual(['00', '01', '30']);
    vi.advanceTimersByTime(89_000);
    expect(countdownOver(deadline, Date.now())).toBe(false);
    expect(countdownParts(deadline, Date.now())).toEqual(['00', '00', '01']);
    vi.advanceTimersByTime(600);
    expect(countdownOver(deadline, Date.now())).toBe(true);
  });
});
