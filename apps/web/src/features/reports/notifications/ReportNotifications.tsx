import type { SessionUser } from '@taxlens/shared';
import { LIMITS } from '@taxlens/shared';
import { App, Button } from 'antd';
import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { routeByName } from '../../../app/routes';
import { realtime, useRealtimeConnection, useRealtimeEvent } from '../../../lib/realtime';
import { useStore } from '../../../lib/store';
import { t } from '../../../locales';
import { ClientUploadNotice } from '../../companies/components/ClientUploadNotice';
import { invalidateReports } from '../queries';
import { NotificationBody } from './NotificationBody';
import {
  canOpenTarget,
  decideNotification,
  type NotificationTarget,
  type NotificationView,
  type SocketMessage,
  shouldSendDataPrice,
  shouldSendMindMap,
  touchesReports,
} from './notification-decision';

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
  const { notification, modal, message } = App.useApp();
  const navigate = useNavigate();
  const latest = useRef(user);
  latest.current = user;
  useRealtimeConnection(user);
  useClientMessages(user);

  const open = useCallback(
    (target: NotificationTarget, key: string) => {
      if (!canOpenTarget(latest.current, target)) {
        modal.warning({ title: t('errors.noPermissionTitle'), content: t('errors.noPermission') });
        return;
      }
      const base = target.path ?? (target.routeName ? routeByName(target.routeName)?.path : undefined);
      const path = base && target.search ? `${base}?${target.search}` : base;
      if (!path) {
        void message.info(t('reports.notify.comingSoon'));
        return;
      }
      notification.destroy(key);
      navigate(path);
    },
    [modal, message, notification, navigate],
  );

  const show = useCallback(
    (view: NotificationView) => {
      notification.open({
        key: view.key,
        type: view.tone,
        title: view.title,
        description: <NotificationBody view={view} onOpen={(target) => open(target, view.key)} />,
        duration: view.durationSeconds > 0 ? view.durationSeconds : false,
        showProgress: view.durationSeconds > 0,
        pauseOnHover: true,
        className: 'tl-report-notification',
        props: { 'data-testid': 'report-notification' },
        actions: view.target ? (
          <Button
            type="primary"
            size="small"
            data-testid="report-notification-view"
            onClick={() => view.target && open(view.target, view.key)}
          >
            {t('reports.notify.view')}
          </Button>
        ) : undefined,
      });
    },
    [notification, open],
  );

  const handle = useCallback(
    (raw: unknown) => {
      const payload = raw as SocketMessage;
      if (touchesReports(payload)) void invalidateReports();
      const view = decideNotification(payload);
      if (view) show(view);
    },
    [show],
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
