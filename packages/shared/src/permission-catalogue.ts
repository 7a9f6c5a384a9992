import { PERMISSION_KEYS, PERMISSION_LABELS, type PermissionKey } from './permissions.js';

/**
 * The permission editor's view of the keys (issue 19): each key under the menu it opens, named
 * as that menu entry is named, with one line saying what it opens. Keys stay the spec's.
 */
export interface PermissionMenuGroup {
  key: 'reports' | 'company' | 'recharge' | 'data';
  title: string;
  items: { permission: PermissionKey; opens: string }[];
}

export const PERMISSION_MENU_GROUPS: readonly PermissionMenuGroup[] = [
  {
    key: 'reports',
    title: '风险报告',
    items: [
      { permission: 'invoiceThrough', opens: '发票穿透页面：生成发票穿透报告，查看其记录' },
      { permission: 'nsfw', opens: '经营风险检测页面：生成报告，查看其记录' },
      { permission: 'swfxtj', opens: '综合税务风险页面：生成报告，查看其记录' },
      { permission: 'qjbg', opens: '企业全景报告页面与其记录' },
    ],
  },
  {
    key: 'company',
    title: '企业管理',
    items: [
      { permission: 'firmManage', opens: '企业列表与企业详情：员工只看到分配给自己的企业' },
      { permission: 'tissueArchitecture', opens: '用户管理页面：子账号、团队（员工始终不可见）' },
      { permission: 'invite', opens: '生成链接发给客户，客户免登录填写企业信息、上传数据' },
      { permission: 'mainBodyInfo', opens: '查看本集团的账户主体信息' },
    ],
  },
  {
    key: 'recharge',
    title: '充值管理',
    items: [
      { permission: 'fyzx', opens: '充值管理菜单：次数管理、划拨记录、订单记录' },
      { permission: 'zhBalance', opens: '账户余额页面：余额、本月消费、流水' },
      { permission: 'viewBalance', opens: '显示余额金额（否则显示为 ******）' },
      { permission: 'pay', opens: '充值按钮与充值页面，可下单付款' },
      { permission: 'invoice', opens: '为已付款订单申请发票、下载发票' },
      { permission: 'useDetail', opens: '报告次数的使用明细' },
    ],
  },
  {
    key: 'data',
    title: '数据与工具',
    items: [
      { permission: 'industryAnalyze', opens: '数据视图中的行业分析' },
      { permission: 'clientAnalyze', opens: '数据视图中的客户分析' },
      { permission: 'monitoringAnalyze', opens: '数据视图中的监控分析与其提醒' },
      { permission: 'invoiceCheck', opens: '发票真伪查验与其记录' },
      { permission: 'tk', opens: '客户工具页面' },
      { permission: 'zntk', opens: '智能拓客页面与其使用明细' },
      { permission: 'mindMap', opens: '报告的思维导图与其提醒' },
    ],
  },
];

/** The label of a key: the same name the menu and the server's catalogue use. */
export function permissionLabel(key: PermissionKey): string {
  return PERMISSION_LABELS[key];
}

export type PermissionPresetKey = 'staff' | 'supervisor' | 'finance';

/** Starting points the main account picks and then adjusts: the allowed keys of each. */
export const PERMISSION_PRESETS: readonly { key: PermissionPresetKey; label: string; allowed: PermissionKey[] }[] = [
  {
    // Least rights: the reports, and the companies assigned to them (the company list shows only those).
    key: 'staff',
    label: '员工',
    allowed: ['invoiceThrough', 'nsfw', 'swfxtj', 'qjbg', 'firmManage'],
  },
  {
    key: 'supervisor',
    label: '主管',
    allowed: [
      'invoiceThrough',
      'nsfw',
      'swfxtj',
      'qjbg',
      'firmManage',
      'tissueArchitecture',
      'invite',
      'fyzx',
      'zhBalance',
      'viewBalance',
      'useDetail',
      'invoiceCheck',
      'industryAnalyze',
      'clientAnalyze',
      'monitoringAnalyze',
      'mindMap',
    ],
  },
  {
    key: 'finance',
    label: '财务',
    allowed: ['firmManage', 'mainBodyInfo', 'fyzx', 'zhBalance', 'viewBalance', 'pay', 'invoice', 'useDetail'],
  },
];

/** The preset a new sub-account of this level starts with: 主管 for level 2, 员工 otherwise. */
export function defaultPresetOf(level: number): PermissionPresetKey {
  return level === 2 ? 'supervisor' : 'staff';
}

/** The denied list (notMenus keys) of a preset: every key it does not allow. */
export function presetDenied(preset: PermissionPresetKey): PermissionKey[] {
  const allowed = new Set(PERMISSION_PRESETS.find((item) => item.key === preset)?.allowed ?? []);
  return PERMISSION_KEYS.filter((key) => !allowed.has(key));
}

/** The preset whose allowed keys are exactly these, if any (the editor shows it as picked). */
export function presetOf(allowed: Iterable<string>): PermissionPresetKey | null {
  const set = new Set(allowed);
  const match = PERMISSION_PRESETS.find(
    (preset) => preset.allowed.length === set.size && preset.allowed.every((key) => set.has(key)),
  );
  return match?.key ?? null;
}
