import {
  hasPermission,
  LIMITS,
  type PermissionKey,
  type PermissionSubject,
  reportKindByReportType,
} from '@taxlens/shared';
import { t } from '../../../locales';
import { canViewReport } from '../lib/report-views';

/**
 * What the notification pop-up of spec §4 shows for one socket message, as a pure decision:
 * state 1 (report generated, with the risk counts of its kind), 2 (cumulative summary),
 * 3 (monitoring analysis, up to two deliveries) and 4 (mind maps not yet generated). Report kinds
 * close after 5 s; the other types stay until closed. Heartbeat replies are ignored.
 */
export type ReportMsgType = 'INVOICE' | 'TAX' | 'COMPREHENSIVE' | 'PANORAMIC';
export const REPORT_MSG_TYPES: readonly ReportMsgType[] = ['INVOICE', 'TAX', 'COMPREHENSIVE', 'PANORAMIC'];
export const NOTIFICATION_MSG_TYPES = [...REPORT_MSG_TYPES, 'ACCUMULATE', 'DATAPRICE', 'MID'] as const;

/** The socket payload of spec §3 (every field optional: types send different parts). */
export interface SocketMessage {
  msgType?: string;
  reportType?: string;
  reportId?: number;
  report?: { name?: string };
  taxpayerName?: string;
  msg?: string;
  status?: 'done' | 'failed';
  highRiskListInvoiceNum?: number;
  mediumRiskListInvoiceNum?: number;
  lowRiskListInvoiceNum?: number;
  sscwhsfxListNum?: number;
  szhsfxListNum?: number;
  jyfxListNum?: number;
  highRiskAllNum?: number;
  mediumRiskAllNum?: number;
  lowRiskAllNum?: number;
  /** COMPREHENSIVE: the 0–100 score. */
  score?: number;
  jyycListNum?: number;
  sfycListNum?: number;
  reportNum?: number;
  industry?: string;
  riskItem?: string;
  monitoringNumAll?: number;
  monitoringNumCovering?: number;
  dataServerDeliveries?: { id?: number; title?: string; subheading?: string }[];
  mindNum?: number;
}

export type StatTone = 'high' | 'medium' | 'low' | 'neutral';

export interface NotificationStat {
  label: string;
  value: number;
  tone: StatTone;
}

export interface NotificationTarget {
  /** A page of the route table by name (resolved when clicked), or a path. */
  routeName?: string;
  path?: string;
  /** Query string added to the route's path (e.g. `id=3` for ProductCenterDetail). */
  search?: string;
  /** Needed unless level 1 (spec §6); otherwise 当前用户没有权限，请联系管理员. */
  permission?: PermissionKey;
}

export interface NotificationView {
  key: string;
  variant: 'report' | 'accumulate' | 'monitoring' | 'mindMap';
  tone: 'success' | 'error' | 'info' | 'warning';
  /** Seconds before it closes by itself; 0 stays until closed (antd's convention). */
  durationSeconds: number;
  title: string;
  description: string;
  stats: NotificationStat[];
  /** Delivery items; one with a target opens it (a catalogue item in the product centre). */
  items: { title: string; subheading: string; target?: NotificationTarget }[];
  target: NotificationTarget | null;
}

interface StatField {
  field: keyof SocketMessage;
  label: string;
  tone: StatTone;
  /** Left out when the message lacks it, rather than shown as 0 (a score of 0 would mislead). */
  optional?: boolean;
}

const REPORT_STATS: Record<ReportMsgType, readonly StatField[]> = {
  INVOICE: [
    { field: 'highRiskListInvoiceNum', label: t('reports.notify.stats.high'), tone: 'high' },
    { field: 'mediumRiskListInvoiceNum', label: t('reports.notify.stats.medium'), tone: 'medium' },
    { field: 'lowRiskListInvoiceNum', label: t('reports.notify.stats.low'), tone: 'low' },
  ],
  // Risks per category (the engine's three tax categories), not levels: any count is a warning.
  TAX: [
    { field: 'sscwhsfxListNum', label: t('reports.notify.stats.declarationRisk'), tone: 'medium' },
    { field: 'szhsfxListNum', label: t('reports.notify.stats.complianceRisk'), tone: 'medium' },
    { field: 'jyfxListNum', label: t('reports.notify.stats.operationsRisk'), tone: 'medium' },
  ],
  COMPREHENSIVE: [
    { field: 'score', label: t('reports.notify.stats.score'), tone: 'neutral', optional: true },
    { field: 'highRiskAllNum', label: t('reports.notify.stats.high'), tone: 'high' },
    { field: 'mediumRiskAllNum', label: t('reports.notify.stats.medium'), tone: 'medium' },
    { field: 'lowRiskAllNum', label: t('reports.notify.stats.low'), tone: 'low' },
  ],
  PANORAMIC: [
    { field: 'jyycListNum', label: t('reports.notify.stats.businessAbnormal'), tone: 'medium' },
    { field: 'sfycListNum', label: t('reports.notify.stats.judicialAbnormal'), tone: 'high' },
  ],
};

function isReportType(value: unknown): value is ReportMsgType {
  return typeof value === 'string' && (REPORT_MSG_TYPES as readonly string[]).includes(value);
}

function count(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

const PERSISTENT = 0;
const AUTO_CLOSE_SECONDS = LIMITS.notificationAutoCloseMs / 1000;

/** The preview address of a report (route RiskPreview, query type and id). */
export function reportPreviewPath(reportType: string, reportId: number): string {
  return `/risk/preview?type=${encodeURIComponent(reportType)}&id=${reportId}`;
}

export function decideNotification(message: SocketMessage): NotificationView | null {
  const msgType = message.msgType;
  if (isReportType(msgType)) {
    const reportType = isReportType(message.reportType) ? message.reportType : msgType;
    const failed = message.status === 'failed';
    const name = message.report?.name ?? reportKindByReportType(reportType)?.name ?? t('reports.notify.reportFallback');
    const reportId = count(message.reportId);
    const kind = reportKindByReportType(reportType);
    return {
      key: `report-${reportType}-${reportId}-${message.status ?? 'done'}`,
      variant: 'report',
      tone: failed ? 'error' : 'success',
      durationSeconds: AUTO_CLOSE_SECONDS,
      title: failed ? t('reports.notify.reportFailedTitle', { name }) : t('reports.notify.reportDoneTitle', { name }),
      description: message.msg ?? message.taxpayerName ?? '',
      stats: failed
        ? []
        : REPORT_STATS[reportType]
            .filter((stat) => !stat.optional || typeof message[stat.field] === 'number')
            .map((stat) => ({ label: stat.label, value: count(message[stat.field]), tone: stat.tone })),
      items: [],
      target:
        reportId > 0
          ? {
              // A kind this client cannot show yet opens the list where it is.
              path: failed || !canViewReport(reportType) ? '/all-history' : reportPreviewPath(reportType, reportId),
              permission: kind?.permission,
            }
          : null,
    };
  }
  switch (msgType) {
    case 'ACCUMULATE':
      return {
        key: `accumulate-${count(message.reportNum)}`,
        variant: 'accumulate',
        tone: 'info',
        durationSeconds: PERSISTENT,
        title: t('reports.notify.accumulateTitle'),
        description: message.msg ?? t('reports.notify.accumulateText', { count: count(message.reportNum) }),
        stats: [
          { label: t('reports.notify.stats.reportNum'), value: count(message.reportNum), tone: 'neutral' },
          { label: t('reports.notify.stats.high'), value: count(message.highRiskAllNum), tone: 'high' },
          { label: t('reports.notify.stats.medium'), value: count(message.mediumRiskAllNum), tone: 'medium' },
          { label: t('reports.notify.stats.low'), value: count(message.lowRiskAllNum), tone: 'low' },
        ],
        items: [message.industry, message.riskItem]
          .filter((text): text is string => typeof text === 'string' && text.length > 0)
          .map((text) => ({ title: text, subheading: '' })),
        target: { routeName: 'allReport' },
      };
    case 'DATAPRICE':
      return {
        key: `monitoring-${count(message.monitoringNumAll)}-${count(message.monitoringNumCovering)}`,
        variant: 'monitoring',
        tone: 'info',
        durationSeconds: PERSISTENT,
        title: t('reports.notify.monitoringTitle'),
        description: message.msg ?? t('reports.notify.monitoringText'),
        stats: [
          { label: t('reports.notify.stats.monitoringAll'), value: count(message.monitoringNumAll), tone: 'neutral' },
          {
            label: t('reports.notify.stats.monitoringCovering'),
            value: count(message.monitoringNumCovering),
            tone: 'medium',
          },
        ],
        items: (message.dataServerDeliveries ?? []).slice(0, 2).map((item) => ({
          title: item.title ?? '',
          subheading: item.subheading ?? '',
          ...(typeof item.id === 'number'
            ? { target: { routeName: 'ProductCenterDetail', search: `id=${item.id}` } }
            : {}),
        })),
        target: { routeName: 'DataViewMonitor', permission: 'monitoringAnalyze' },
      };
    case 'MID':
      return {
        key: `mind-${count(message.mindNum)}`,
        variant: 'mindMap',
        tone: 'warning',
        durationSeconds: PERSISTENT,
        title: t('reports.notify.mindMapTitle'),
        description: message.msg ?? t('reports.notify.mindMapText', { count: count(message.mindNum) }),
        stats: [{ label: t('reports.notify.stats.mindNum'), value: count(message.mindNum), tone: 'neutral' }],
        items: [],
        target: { routeName: 'MindMapList', permission: 'mindMap' },
      };
    default:
      // HEARTBEAT replies and anything unknown open nothing.
      return null;
  }
}

/** Spec §6: the 'view' button needs the target's permission unless the user is level 1. */
export function canOpenTarget(user: PermissionSubject, target: NotificationTarget): boolean {
  if (user.level === 1 || !target.permission) return true;
  return hasPermission(user, target.permission);
}

/** Whether a socket message should refresh report lists and the unread badge. */
export function touchesReports(message: SocketMessage): boolean {
  return isReportType(message.msgType) || message.msgType === 'ACCUMULATE';
}

/**
 * The client's own messages of spec §4: DATAPRICE 5 s after the socket opens when dataPriceAuth
 * is 1 and the user is level 1 or has monitoringAnalyze; MID after the 5-minute reminder when the
 * user is level 1 or has mindMap.
 */
export function shouldSendDataPrice(user: PermissionSubject & { serviceRights: { dataPriceAuth: number } }): boolean {
  return user.serviceRights.dataPriceAuth === 1 && (user.level === 1 || hasPermission(user, 'monitoringAnalyze'));
}

export function shouldSendMindMap(user: PermissionSubject): boolean {
  return user.level === 1 || hasPermission(user, 'mindMap');
}
