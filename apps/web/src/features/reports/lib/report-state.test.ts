import { describe, expect, it } from 'vitest';
import { isUnread, listPollInterval, statePollInterval, unreadFirst } from './report-state';

describe('report state polling (spec §4)', () => {
  it('polls again every 6 s while chineseTotalElements is above 0, else stops', () => {
    expect(statePollInterval({ chineseTotalElements: 2 })).toBe(6_000);
    expect(statePollInterval({ chineseTotalElements: 1 })).toBe(6_000);
    expect(statePollInterval({ chineseTotalElements: 0 })).toBe(false);
    expect(statePollInterval(undefined)).toBe(false);
  });

  it('a history list refreshes while one of its rows is queued or analysing', () => {
    expect(listPollInterval([{ status: 'done' }, { status: 'queued' }])).toBe(6_000);
    expect(listPollInterval([{ status: 'analysing' }])).toBe(6_000);
    expect(listPollInterval([{ status: 'done' }, { status: 'failed' }])).toBe(false);
    expect(listPollInterval(undefined)).toBe(false);
  });
});

describe('unread', () => {
  it('is a finished report not yet opened; one being made is not unread', () => {
    expect(isUnread({ status: 'done', read: false })).toBe(true);
    expect(isUnread({ status: 'failed', read: false })).toBe(true);
    expect(isUnread({ status: 'queued', read: false })).toBe(false);
    expect(isUnread({ status: 'done', read: true })).toBe(false);
  });

  it('sorts unread rows first and keeps the server order otherwise', () => {
    const rows = [
      { id: 5, status: 'done' as const, read: true },
      { id: 4, status: 'done' as const, read: false },
      { id: 3, status: 'queued' as const, read: false },
      { id: 2, status: 'failed' as const, read: false },
      { id: 1, status: 'done' as const, read: true },
    ];
    expect(unreadFirst(rows).map((row) => row.id)).toEqual([4, 2, 5, 3, 1]);
  });
});
