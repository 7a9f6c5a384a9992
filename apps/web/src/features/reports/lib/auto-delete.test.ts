import { reportDeleteTimeSchema } from '@taxlens/shared';
import { describe, expect, it } from 'vitest';
import { autoDeleteInitial, autoDeleteRequest, withDefaultTime } from './auto-delete';

describe('auto-delete dialog (spec §2/§5)', () => {
  it('starts from the session user: off, or on with its time', () => {
    expect(autoDeleteInitial({ reportOverdueDeleteSwitch: 1, reportOverdueTime: null })).toEqual({
      reportOverdueDeleteSwitch: 1,
      reportOverdueTime: undefined,
    });
    expect(autoDeleteInitial({ reportOverdueDeleteSwitch: 0, reportOverdueTime: 180 })).toEqual({
      reportOverdueDeleteSwitch: 0,
      reportOverdueTime: 180,
    });
    // On with a time the dialog does not offer: the default.
    expect(autoDeleteInitial({ reportOverdueDeleteSwitch: 0, reportOverdueTime: 30 }).reportOverdueTime).toBe(15);
  });

  it('choosing on with no time defaults to 15 days', () => {
    expect(withDefaultTime({ reportOverdueDeleteSwitch: 0 })).toEqual({
      reportOverdueDeleteSwitch: 0,
      reportOverdueTime: 15,
    });
    expect(withDefaultTime({ reportOverdueDeleteSwitch: 0, reportOverdueTime: 7 }).reportOverdueTime).toBe(7);
    expect(withDefaultTime({ reportOverdueDeleteSwitch: 1 })).toEqual({ reportOverdueDeleteSwitch: 1 });
  });

  it('sends the time only when the switch is 0 (on)', () => {
    expect(autoDeleteRequest({ reportOverdueDeleteSwitch: 0, reportOverdueTime: 365 })).toEqual({
      reportOverdueDeleteSwitch: 0,
      reportOverdueTime: 365,
    });
    expect(autoDeleteRequest({ reportOverdueDeleteSwitch: 0 })).toEqual({
      reportOverdueDeleteSwitch: 0,
      reportOverdueTime: 15,
    });
    expect(autoDeleteRequest({ reportOverdueDeleteSwitch: 1, reportOverdueTime: 7 })).toEqual({
      reportOverdueDeleteSwitch: 1,
    });
  });

  it('refuses to build a request without the on/off choice (请选择是否自动删除)', () => {
    expect(() => autoDeleteRequest({})).toThrow('请选择是否自动删除');
  });

  it('every request it builds is accepted by the shared contract unchanged', () => {
    for (const values of [
      { reportOverdueDeleteSwitch: 0 as const, reportOverdueTime: 7 as const },
      { reportOverdueDeleteSwitch: 0 as const },
      { reportOverdueDeleteSwitch: 1 as const },
    ]) {
      const body = autoDeleteRequest(values);
      expect(reportDeleteTimeSchema.parse(body)).toEqual({
        reportOverdueDeleteSwitch: body.reportOverdueDeleteSwitch,
        reportOverdueTime: body.reportOverdueTime ?? null,
      });
    }
  });
});
