import { type BannerItem, type DiscountBanner, LIMITS, type SessionUser } from '@taxlens/shared';

/**
 * The timing rules of the home promotions (spec §4/§9), kept free of React so a fake clock can
 * test them: the image dialog's 24-hour memory, the discount dialog's conditions and its
 * countdown capped at 30 minutes that closes the dialog under one second.
 */

/** The image dialog shows a banner unless this user closed it within the last 24 h. */
export function imageBannerDue(item: Pick<BannerItem, 'lastClosedAt'>, now: number): boolean {
  if (!item.lastClosedAt) return true;
  return now - Date.parse(item.lastClosedAt) >= LIMITS.bannerCloseRememberMs;
}

/** The first banner the image dialog should show now, if any. */
export function nextImageBanner(items: readonly BannerItem[], now: number): BannerItem | undefined {
  return items.find((item) => imageBannerDue(item, now));
}

/** Spec §4: level 1 only, isBecomeDue 0, isRead 0 and dataPriceAuth 0, with a discount to show. */
export function discountDialogShown(
  user: Pick<SessionUser, 'level' | 'serviceRights'>,
  banner: Pick<DiscountBanner, 'isBecomeDue' | 'isRead' | 'list'> | undefined,
): boolean {
  if (!banner) return false;
  return (
    user.level === 1 &&
    banner.isBecomeDue === 0 &&
    banner.isRead === 0 &&
    user.serviceRights.dataPriceAuth === 0 &&
    banner.list.length > 0
  );
}

/** The instant the countdown reaches zero: the discount's end, but never more than 30 minutes away. */
export function countdownDeadline(now: number, eventendDate: string): number {
  return Math.min(Date.parse(eventendDate), now + LIMITS.countdownCapMs);
}

/** The dialog closes once less than one second remains. */
export const COUNTDOWN_CLOSE_BELOW_MS = 1_000;

export function countdownOver(deadline: number, now: number): boolean {
  return deadline - now < COUNTDOWN_CLOSE_BELOW_MS;
}

/** Hours, minutes and seconds left, two digits each (rounded down). */
export function countdownParts(deadline: number, now: number): [string, string, string] {
  const seconds = Math.max(0, Math.floor((deadline - now) / 1000));
  const pad = (value: number) => String(value).padStart(2, '0');
  return [pad(Math.floor(seconds / 3600)), pad(Math.floor((seconds % 3600) / 60)), pad(seconds % 60)];
}
