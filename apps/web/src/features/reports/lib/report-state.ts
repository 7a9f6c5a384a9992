import { LIMITS } from '@taxlens/shared';

/** Spec §4: the report state is polled again every 6 s while chineseTotalElements is above 0. */
export function statePollInterval(state: { chineseTotalElements: number } | undefined): number | false {
  return state && state.chineseTotalElements > 0 ? LIMITS.reportStatePollMs : false;
}

export type ReportStatus = 'queued' | 'analysing' | 'done' | 'failed';

export function isPending(status: ReportStatus): boolean {
  return status === 'queued' || status === 'analysing';
}

/** A history list refreshes on the same 6 s beat while one of its rows is still being made. */
export function listPollInterval(rows: readonly { status: ReportStatus }[] | undefined): number | false {
  return rows?.some((row) => isPending(row.status)) ? LIMITS.reportStatePollMs : false;
}

/** Unread means finished and not yet opened by its creator; a report still being made is neither. */
export function isUnread(row: { status: ReportStatus; read: boolean }): boolean {
  return !row.read && !isPending(row.status);
}

/** Unread rows first within a page, the server's order (newest first) kept otherwise. */
export function unreadFirst<T extends { status: ReportStatus; read: boolean }>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => Number(isUnread(b)) - Number(isUnread(a)));
}
