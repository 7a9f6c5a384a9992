/** Date helpers on Asia/Shanghai wall-clock text 'YYYY-MM-DD HH:mm:ss'; no Date parsing per invoice. */

export function monthOf(instant: string): string {
  return instant.slice(0, 7);
}

export function dayOf(instant: string): string {
  return instant.slice(0, 10);
}

export function hourOf(instant: string): number {
  return Number(instant.slice(11, 13));
}

export function yearOf(instant: string): number {
  return Number(instant.slice(0, 4));
}

export function daysInMonth(month: string): number {
  return new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();
}

/** 0 = Sunday … 6 = Saturday; the calendar date itself, so the time zone does not matter. */
export function weekdayOf(day: string): number {
  return new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)))).getUTCDay();
}

/** Whole days from a to b (both 'YYYY-MM-DD…'). */
export function daysBetween(a: string, b: string): number {
  const toUtc = (text: string) =>
    Date.UTC(Number(text.slice(0, 4)), Number(text.slice(5, 7)) - 1, Number(text.slice(8, 10)));
  return Math.round((toUtc(b) - toUtc(a)) / 86_400_000);
}

/** Every month from start to end, both 'YYYY-MM', inclusive; empty when reversed or malformed. */
export function monthsBetween(start: string, end: string): string[] {
  const months: string[] = [];
  const match = /^(\d{4})-(\d{2})$/;
  if (!match.test(start) || !match.test(end)) return months;
  let year = Number(start.slice(0, 4));
  let month = Number(start.slice(5, 7));
  const endKey = Number(end.slice(0, 4)) * 12 + Number(end.slice(5, 7));
  // A cap guards against a caller passing a century by mistake.
  while (year * 12 + month <= endKey && months.length < 240) {
    months.push(`${year}-${String(month).padStart(2, '0')}`);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return months;
}

/** The same number of months just before `months` (the comparison period of a report). */
export function monthsBefore(months: readonly string[]): string[] {
  const first = months[0];
  if (!first) return [];
  const index = Number(first.slice(0, 4)) * 12 + Number(first.slice(5, 7)) - 1 - months.length;
  const start = `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  const endIndex = index + months.length - 1;
  const end = `${Math.floor(endIndex / 12)}-${String((endIndex % 12) + 1).padStart(2, '0')}`;
  return monthsBetween(start, end);
}

/** Weekends, unless moved by 调休; plus the holidays the caller passes. */
export function makeNonWorkingDayTest(calendar?: {
  holidays?: readonly string[];
  workdays?: readonly string[];
}): (day: string) => boolean {
  const holidays = new Set(calendar?.holidays ?? []);
  const workdays = new Set(calendar?.workdays ?? []);
  const cache = new Map<string, boolean>();
  return (day) => {
    let result = cache.get(day);
    if (result === undefined) {
      const weekday = weekdayOf(day);
      result = holidays.has(day) || ((weekday === 0 || weekday === 6) && !workdays.has(day));
      cache.set(day, result);
    }
    return result;
  };
}
