import { hasPermission, type PermissionKey, type PermissionSubject } from '@taxlens/shared';

/**
 * The socket messages of spec §3/§4 as far as the main layout needs them on every page: which
 * ones refresh report lists, open a pop-up, or are sent by the client. No messages here: what a
 * pop-up says (notification-decision.ts and the reports section) loads with the first pop-up
 * (issue 21).
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

export interface NotificationTarget {
  /** A page of the route table by name (resolved when clicked), or a path. */
  routeName?: string;
  path?: string;
  /** Query string added to the route's path (e.g. `id=3` for ProductCenterDetail). */
  search?: string;
  /** Needed unless level 1 (spec §6); otherwise 当前用户没有权限，请联系管理员. */
  permission?: PermissionKey;
}

export function reportPreviewPath(reportType: string, reportId: number): string {
  return `/risk/preview?type=${encodeURIComponent(reportType)}&id=${reportId}`;
}

export function isReportType(value: unknown): value is ReportMsgType {
  return typeof value === 'string' && (REPORT_MSG_TYPES as readonly string[]).includes(value);
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
