import type { SessionUser } from '@taxlens/shared';
import { LIMITS } from '@taxlens/shared';
import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useAppApi } from '../../../lib/app-api';
import { realtime, useRealtimeConnection, useRealtimeEvent } from '../../../lib/realtime';
import { useStore } from '../../../lib/store';
import { ClientUploadNotice } from '../../companies/components/ClientUploadNotice';
import { invalidateReports } from '../queries';
import {
  NOTIFICATION_MSG_TYPES,
  type SocketMessage,
  shouldSendDataPrice,
  shouldSendMindMap,
  touchesReports,
} from './socket-messages';

/**
 * Spec §4's DATAPRICE (5 s after each open of the socket, when dataPriceAuth is 1 and the user is
 * level 1 or has monitoringAnalyze) and MID (after the 5-minute reminder, level 1 or mindMap).
 */
function useClientMessages(user: SessionUser) {
  const status = useStore(realtime.status);
  const latest = useRef(user);
  latest.current = user;

  useEffect(() => {
    if (status !== 'open') return;
    const timer = setTimeout(() => {
      if (shouldSendDataPrice(latest.current)) realtime.send({ msgType: 'DATAPRICE', userId: latest.current.userId });
    }, LIMITS.dataPriceMessageDelayMs);
    return () => clearTimeout(timer);
  }, [status]);

  useEffect(() => {
    const timer = setTimeout(() => {
      if (shouldSendMindMap(latest.current)) realtime.send({ msgType: 'MID', userId: latest.current.userId });
    }, LIMITS.mindMapReminderMs);
    return () => clearTimeout(timer);
  }, []);
}

/**
 * The notification pop-up of spec §4, mounted once by the main layout: keeps the socket open,
 * refreshes report lists and the unread badge on report events (HOUSE-STYLE 14: invalidate, do
 * not patch), and shows each message as its pop-up with a 查看 button checked per spec §6.
 */
export function ReportNotifications({ user }: { user: SessionUser }) {
  const api = useAppApi();
  const navigate = useNavigate();
  const latest = useRef(user);
  latest.current = user;
  useRealtimeConnection(user);
  useClientMessages(user);

  const handle = useCallback(
    (raw: unknown) => {
      const payload = raw as SocketMessage;
      if (touchesReports(payload)) void invalidateReports();
      if (!(NOTIFICATION_MSG_TYPES as readonly (string | undefined)[]).includes(payload.msgType)) return;
      // The pop-up's code and texts load with the first message.
      void import('./ReportPopup').then(({ showReportPopup }) =>
        showReportPopup({ api, navigate, user: () => latest.current }, payload),
      );
    },
    [api, navigate],
  );

  useRealtimeEvent('INVOICE', handle);
  useRealtimeEvent('TAX', handle);
  useRealtimeEvent('COMPREHENSIVE', handle);
  useRealtimeEvent('PANORAMIC', handle);
  useRealtimeEvent('ACCUMULATE', handle);
  useRealtimeEvent('DATAPRICE', handle);
  useRealtimeEvent('MID', handle);
  return <ClientUploadNotice />;
}
