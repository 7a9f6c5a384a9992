import type { Level } from './levels.js';

/**
 * Permission keys of spec §6. Route keys guard pages and their API calls; action keys guard
 * single actions inside pages. The spec's pinyin keys are kept as identifiers.
 */
export const ROUTE_PERMISSIONS = [
  'nsfw',
  'swfxtj',
  'industryAnalyze',
  'clientAnalyze',
  'invoiceThrough',
  'invoiceCheck',
  'qjbg',
  'firmManage',
  'tissueArchitecture',
  'invite',
  'fyzx',
  'zhBalance',
  'tk',
  'invoice',
  'zntk',
  'useDetail',
] as const;

export const ACTION_PERMISSIONS = ['pay', 'viewBalance', 'mainBodyInfo', 'monitoringAnalyze', 'mindMap'] as const;

export const PERMISSION_KEYS = [...ROUTE_PERMISSIONS, ...ACTION_PERMISSIONS] as const;
export type PermissionKey = (typeof PERMISSION_KEYS)[number];

/** Chinese names shown in the permission editor: each as the menu entry it opens is named (issue 19). */
export const PERMISSION_LABELS: Record<PermissionKey, string> = {
  nsfw: '经营风险检测',
  swfxtj: '综合税务风险',
  industryAnalyze: '行业分析',
  clientAnalyze: '客户分析',
  invoiceThrough: '发票穿透',
  invoiceCheck: '发票鉴伪',
  qjbg: '全景报告',
  firmManage: '企业列表',
  tissueArchitecture: '用户管理',
  invite: '客户上传链接',
  fyzx: '充值管理',
  zhBalance: '账户余额',
  tk: '客户工具',
  invoice: '发票管理',
  zntk: '智能拓客',
  useDetail: '使用明细',
  pay: '充值',
  viewBalance: '查看余额',
  mainBodyInfo: '主体信息',
  monitoringAnalyze: '监控分析',
  mindMap: '思维导图',
};

/** notMenus entry type: 0 denies a route (menu) key, 1 denies an action key. */
export const DENIED_TYPE = { route: 0, action: 1 } as const;

export interface PermissionSubject {
  level: Level | number;
  notMenus: readonly { permission: string }[];
}

/**
 * The one permission check, used by the server's route guard and the client's menu and route
 * guards alike. Level 1 has everything; levels 2 and 3 lack what their notMenus denies.
 * A list of keys (a menu and its child, e.g. firmManage|tissueArchitecture) needs all of them.
 */
export function hasPermission(subject: PermissionSubject, required: PermissionKey | readonly PermissionKey[]): boolean {
  if (subject.level === 1) return true;
  const keys = typeof required === 'string' ? [required] : required;
  return keys.every((key) => !subject.notMenus.some((denied) => denied.permission === key));
}

export function deniedTypeOf(key: PermissionKey): 0 | 1 {
  return (ACTION_PERMISSIONS as readonly string[]).includes(key) ? DENIED_TYPE.action : DENIED_TYPE.route;
}

/** A page's or a call's requirement: permission keys (all needed) and, optionally, allowed levels. */
export interface AccessRule {
  permission?: PermissionKey | readonly PermissionKey[] | null;
  levels?: readonly number[];
}

/**
 * The one decision of "may this user open this page or call this route", shared by the
 * server's guard and the client's route table so that the two can never disagree.
 */
export function accessAllows(subject: PermissionSubject, rule: AccessRule): boolean {
  if (rule.levels && !rule.levels.includes(subject.level)) return false;
  return rule.permission ? hasPermission(subject, rule.permission) : true;
}
