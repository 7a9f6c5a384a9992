import { LIMITS, reportKindByReportType } from '@taxlens/shared';
import { t } from '../../../locales';
import { canViewReport } from '../lib/report-views';
import {
  isReportType,
  type NotificationTarget,
  type ReportMsgType,
  reportPreviewPath,
  type SocketMessage,
} from './socket-messages';

export * from './socket-messages';

/**
 * What the notification pop-up of spec §4 shows for one socket message, as a pure decision:
 * state 1 (report generated, with the risk counts of its kind), 2 (cumulative summary),
 * 3 (monitoring analysis, up to two deliveries) and 4 (mind maps not yet generated). Report kinds
 * close after 5 s; the other types stay until closed. Heartbeat replies are ignored.
 */
export type StatTone = 'high' | 'medium' | 'low' | 'neutral';

export interface NotificationStat {
  label: string;
  value: number;
  tone: StatTone;
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

function count(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

const PERSISTENT = 0;
const AUTO_CLOSE_SECONDS = LIMITS.notificationAutoCloseMs / 1000;

/** The preview address of a report (route RiskPreview, query type and id). */
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
