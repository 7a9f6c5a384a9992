import {
  type DeniedEntry,
  hasPermission,
  LIST_HIDDEN_KEYS,
  type ListHidden,
  levelLabel,
  PERMISSION_KEYS,
  type SessionUser,
} from '@taxlens/shared';
import type { SessionUserRow } from './auth.repo.js';

/** Shapes the stored user, group and wallet into the session user of spec §3. */
export function presentSessionUser(row: SessionUserRow, token: string, loginTime: Date): SessionUser {
  const notMenus = row.not_menus as DeniedEntry[];
  const subject = { level: row.level, notMenus };
  const hidden = row.list_hidden as Partial<ListHidden>;
  const listHidden = Object.fromEntries(LIST_HIDDEN_KEYS.map((key) => [key, hidden[key] ?? 0])) as ListHidden;
  return {
    userId: Number(row.id),
    userToken: token,
    phone: row.phone,
    nickName: row.nick_name,
    level: row.level,
    levelString: levelLabel(row.level),
    loginTimeStamp: loginTime.getTime(),
    isGroup: row.group_id === null ? 0 : 1,
    groupName: row.group_name,
    groupLogo: row.group_logo,
    groupId: row.group_id === null ? null : Number(row.group_id),
    balance: hasPermission(subject, 'viewBalance') ? Number(row.balance_fen ?? 0) : null,
    notMenus,
    tbMenus: PERMISSION_KEYS.filter((key) => hasPermission(subject, key)),
    serviceRights: {
      dataPriceAuth: row.data_price_auth ?? 0,
      invoicePriceAuth: row.invoice_price_auth ?? 0,
      mindPriceAuth: row.mind_price_auth ?? 0,
    },
    reportConfigPermission: row.report_config_permission ?? 0,
    taxLawPolicyDatabasePermission: row.tax_law_policy_database_permission ?? 0,
    enablementServicePermission: row.enablement_service_permission ?? 0,
    getOutOfLineInvoiceSwitch: row.out_of_line_invoice_switch ?? '0',
    tokerUser: row.toker_user ?? 1,
    flowTime: flowTimeOf(row.trial_started_at),
    reportOverdueDeleteSwitch: row.report_overdue_delete_switch ?? 1,
    reportOverdueTime: row.report_overdue_days ?? null,
    listHidden,
    isOperator: row.is_operator || row.operator_roles.length > 0,
    headerTheme: row.header_theme,
  };
}

/** spec §3 flowTime: whole hours since the group's trial began (set by the operator), else null. */
export function flowTimeOf(trialStartedAt: Date | null, now = Date.now()): number | null {
  if (!trialStartedAt) return null;
  return Math.max(0, Math.floor((now - trialStartedAt.getTime()) / 3_600_000));
}
