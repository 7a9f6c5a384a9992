import type { SessionUser } from '@taxlens/shared';
import { type App, Button } from 'antd';
import type { NavigateFunction } from 'react-router';
import { routeByName } from '../../../app/routes';
import { t } from '../../../locales';
import { NotificationBody } from './NotificationBody';
import {
  canOpenTarget,
  decideNotification,
  type NotificationTarget,
  type SocketMessage,
} from './notification-decision';

export interface PopupContext {
  api: ReturnType<typeof App.useApp>;
  navigate: NavigateFunction;
  /** The signed-in user when the 查看 button is pressed (permissions may change meanwhile). */
  user: () => SessionUser;
}

/** Goes to what a pop-up is about, if the user may (spec §6). */
function openTarget({ api, navigate, user }: PopupContext, target: NotificationTarget, key: string) {
  if (!canOpenTarget(user(), target)) {
    api.modal.warning({ title: t('errors.noPermissionTitle'), content: t('errors.noPermission') });
    return;
  }
  const base = target.path ?? (target.routeName ? routeByName(target.routeName)?.path : undefined);
  const path = base && target.search ? `${base}?${target.search}` : base;
  if (!path) {
    void api.message.info(t('reports.notify.comingSoon'));
    return;
  }
  api.notification.destroy(key);
  navigate(path);
}

/**
 * Shows one socket message as its pop-up with a 查看 button (spec §4). Loaded with the first
 * message, not with the layout: its texts are the reports section's (issue 21).
 */
export function showReportPopup(context: PopupContext, message: SocketMessage): void {
  const view = decideNotification(message);
  if (!view) return;
  const open = (target: NotificationTarget) => openTarget(context, target, view.key);
  context.api.notification.open({
    key: view.key,
    type: view.tone,
    title: view.title,
    description: <NotificationBody view={view} onOpen={open} />,
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
        onClick={() => view.target && open(view.target)}
      >
        {t('reports.notify.view')}
      </Button>
    ) : undefined,
  });
}
