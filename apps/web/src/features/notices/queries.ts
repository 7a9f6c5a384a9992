import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { NOTICE_TYPES, reportKindByReportType } from '@taxlens/shared';
import { queryClient } from '../../app/query-client';
import { ANY_MESSAGE, useRealtimeEvent } from '../../lib/realtime';
import { noticesApi } from './api';

export const noticeKeys = {
  all: ['notices'] as const,
  list: (unread: 0 | 1, size: number) => [...noticeKeys.all, 'list', unread, size] as const,
};

/** Polled slowly as a fallback; every socket message (a report, a client upload) refreshes it at once. */
const NOTICE_POLL_MS = 60_000;

export function useNotices(unread: 0 | 1, size: number) {
  return useQuery({
    queryKey: noticeKeys.list(unread, size),
    queryFn: () => noticesApi.list({ page: 1, size, unread }),
    refetchInterval: NOTICE_POLL_MS,
    placeholderData: keepPreviousData,
  });
}

/** The header list follows the socket: the server stores a notification with every event it sends. */
export function useNoticeRefresh(): void {
  useRealtimeEvent(ANY_MESSAGE, (message) => {
    // Only the events the server also stores (reports, client uploads); import progress is not news.
    const stored = message.msgType === NOTICE_TYPES.clientUpload || reportKindByReportType(message.msgType);
    if (!stored) return;
    void queryClient.invalidateQueries({ queryKey: noticeKeys.all });
  });
}

const invalidate = () => queryClient.invalidateQueries({ queryKey: noticeKeys.all });

export function useReadNotice() {
  return useMutation({ mutationFn: noticesApi.read, onSettled: invalidate });
}

export function useReadAllNotices() {
  return useMutation({ mutationFn: noticesApi.readAll, onSettled: invalidate });
}
