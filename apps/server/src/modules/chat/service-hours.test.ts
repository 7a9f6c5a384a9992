import { describe, expect, it } from 'vitest';
import { describeHours, handoverText } from './service-hours.js';

const WORKDAYS = { workdays: [1, 2, 3, 4, 5], opensAt: '09:00', closesAt: '18:00' };
// Instants in UTC; business time is Asia/Shanghai (UTC+8). 2026-01-05 is a Monday.
const at = (iso: string) => new Date(iso);

describe('service hours (spec §2: workdays 9:00-18:00)', () => {
  it('is open on a workday between 9:00 and 18:00 Beijing time', () => {
    expect(describeHours(WORKDAYS, at('2026-01-05T01:00:00Z'))).toMatchObject({
      openNow: true,
      nextOpening: null,
      text: '工作日 9:00-18:00',
    });
    expect(describeHours(WORKDAYS, at('2026-01-05T09:59:00Z')).openNow).toBe(true);
    expect(describeHours(WORKDAYS, at('2026-01-05T10:00:00Z')).openNow).toBe(false);
  });

  it('tells when a human next answers: later today, tomorrow, or Monday after a weekend', () => {
    expect(describeHours(WORKDAYS, at('2026-01-05T00:30:00Z')).nextOpening).toBe('今天 09:00');
    expect(describeHours(WORKDAYS, at('2026-01-05T11:00:00Z')).nextOpening).toBe('明天 09:00');
    // Friday 19:00 → Monday.
    expect(describeHours(WORKDAYS, at('2026-01-09T11:00:00Z')).nextOpening).toBe('周一 09:00');
    expect(handoverText(describeHours(WORKDAYS, at('2026-01-09T11:00:00Z')))).toContain(
      '人工客服将于周一 09:00起回复您',
    );
  });

  it('names other day sets by their days', () => {
    expect(
      describeHours(
        { workdays: [1, 2, 3, 4, 5, 6, 7], opensAt: '08:30', closesAt: '20:00' },
        at('2026-01-05T01:00:00Z'),
      ).text,
    ).toBe('每天 8:30-20:00');
    expect(
      describeHours({ workdays: [6, 7], opensAt: '10:00', closesAt: '16:00' }, at('2026-01-05T01:00:00Z')),
    ).toMatchObject({
      text: '周六、周日 10:00-16:00',
      openNow: false,
      nextOpening: '周六 10:00',
    });
  });
});
