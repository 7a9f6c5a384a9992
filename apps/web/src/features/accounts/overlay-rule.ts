import { NO_PERMISSION_FLOW_TIME_HOURS, type SessionUser } from '@taxlens/shared';

/** Spec §2/§9: the no-permission overlay shows when flowTime is null or above 48 and tokerUser is 0. */
export function needsUsageRight(user: Pick<SessionUser, 'flowTime' | 'tokerUser'>): boolean {
  const expired = user.flowTime === null || user.flowTime > NO_PERMISSION_FLOW_TIME_HOURS;
  return expired && user.tokerUser === 0;
}
