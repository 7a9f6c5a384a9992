import { useReportState } from '../queries';

/**
 * The header 全部报告 entry's unread count (shown as 99+ above 99) from GET /api/ReportPool/state,
 * polled every 6 s while reports are being analysed and refreshed by socket events.
 */
export function useHeaderBadge(badge: string | undefined): number | undefined {
  const enabled = badge === 'unread-reports';
  const { data } = useReportState(enabled);
  return enabled ? data?.unreadNum : undefined;
}
