import { AUTO_DELETE_DAYS, AUTO_DELETE_DEFAULT_DAYS } from '@taxlens/shared';

/** Auto-delete settings of spec §2/§5: switch 0 = on, 1 = off; days 7, 15, 180 or 365. */
export type AutoDeleteDays = (typeof AUTO_DELETE_DAYS)[number];

export interface AutoDeleteForm {
  reportOverdueDeleteSwitch?: 0 | 1;
  reportOverdueTime?: AutoDeleteDays;
}

export interface AutoDeleteRequest {
  reportOverdueDeleteSwitch: 0 | 1;
  reportOverdueTime?: AutoDeleteDays;
}

function isDays(value: unknown): value is AutoDeleteDays {
  return (AUTO_DELETE_DAYS as readonly unknown[]).includes(value);
}

/** The dialog's first values from the session user. */
export function autoDeleteInitial(user: {
  reportOverdueDeleteSwitch: number;
  reportOverdueTime: number | null;
}): AutoDeleteForm {
  const on = user.reportOverdueDeleteSwitch === 0;
  return {
    reportOverdueDeleteSwitch: on ? 0 : 1,
    reportOverdueTime: on
      ? isDays(user.reportOverdueTime)
        ? user.reportOverdueTime
        : AUTO_DELETE_DEFAULT_DAYS
      : undefined,
  };
}

/** Turning the switch on with no time chosen picks the default (15 days). */
export function withDefaultTime(values: AutoDeleteForm): AutoDeleteForm {
  if (values.reportOverdueDeleteSwitch === 0 && !isDays(values.reportOverdueTime)) {
    return { ...values, reportOverdueTime: AUTO_DELETE_DEFAULT_DAYS };
  }
  return values;
}

/** The body of updateReportDeleteTime: the time is sent only when the switch is 0 (on). */
export function autoDeleteRequest(values: AutoDeleteForm): AutoDeleteRequest {
  if (values.reportOverdueDeleteSwitch === undefined) throw new Error('请选择是否自动删除');
  if (values.reportOverdueDeleteSwitch === 1) return { reportOverdueDeleteSwitch: 1 };
  return {
    reportOverdueDeleteSwitch: 0,
    reportOverdueTime: isDays(values.reportOverdueTime) ? values.reportOverdueTime : AUTO_DELETE_DEFAULT_DAYS,
  };
}
