import { type DeniedEntry, LIST_HIDDEN_KEYS, type SessionUser } from '@taxlens/shared';
import { vi } from 'vitest';
import { type FeedbackSink, setFeedbackSink } from '../lib/feedback';

/** A session user as the server answers it; level 1 of a group unless overridden. */
export function makeUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    userId: 1,
    userToken: 'token-1',
    phone: '13800000001',
    nickName: '张主账号',
    level: 1,
    levelString: '主账号',
    loginTimeStamp: Date.UTC(2026, 0, 5, 1, 0, 0),
    isGroup: 1,
    groupName: '示例财税咨询有限公司',
    groupLogo: null,
    groupId: 1,
    balance: 100_000,
    notMenus: [],
    tbMenus: [],
    serviceRights: { dataPriceAuth: 0, invoicePriceAuth: 0, mindPriceAuth: 0 },
    reportConfigPermission: 1,
    taxLawPolicyDatabasePermission: 1,
    enablementServicePermission: 1,
    getOutOfLineInvoiceSwitch: '0',
    tokerUser: 1,
    flowTime: null,
    reportOverdueDeleteSwitch: 1,
    reportOverdueTime: null,
    listHidden: Object.fromEntries(LIST_HIDDEN_KEYS.map((key) => [key, 0])) as SessionUser['listHidden'],
    isOperator: false,
    headerTheme: 'default',
    ...overrides,
  };
}

export function denied(...permissions: DeniedEntry['permission'][]): DeniedEntry[] {
  return permissions.map((permission) => ({ type: 0, permission }));
}

/** Records what the client would show instead of rendering antd toasts. */
export function captureFeedback() {
  const sink = { error: vi.fn(), warning: vi.fn(), alert: vi.fn() } satisfies FeedbackSink;
  setFeedbackSink(sink);
  return sink;
}
