import { monthlyLimitSchema, walletSettingsSchema } from '@taxlens/shared';
import type { AppInstance } from '../../app.js';
import { emptyEnvelope, envelope, ok } from '../../lib/envelope.js';
import { type RouteAccess, sessionOf } from '../../plugins/access.js';
import { MANAGE_USERS } from './accounts.routes.js';
import { actorOf } from './accounts.service.js';
import { setMonthlyLimit, setWalletMode, walletSettings } from './wallet-mode.service.js';

const tags = ['accounts'];
/** The group's money is the main account's: only it chooses how sub-accounts spend it. */
const MAIN_ONLY: RouteAccess = { ...MANAGE_USERS, levels: [1] };

export async function walletModeRoutes(app: AppInstance) {
  app.get(
    '/api/userInfo/walletSettings',
    {
      config: { access: MANAGE_USERS },
      schema: {
        tags,
        summary: '钱包模式：子账号共用主账号余额或各自独立',
        response: { 200: envelope(walletSettingsSchema) },
      },
    },
    async (request) => ok(await walletSettings(app.db, actorOf(sessionOf(request)))),
  );

  app.post(
    '/api/userInfo/updateWalletSettings',
    {
      config: { access: MAIN_ONLY },
      schema: { tags, summary: '修改钱包模式（主账号）', body: walletSettingsSchema, response: { 200: emptyEnvelope } },
    },
    async (request) => {
      await setWalletMode(app.db, actorOf(sessionOf(request)), request.body.walletMode);
      return ok(null, '设置成功');
    },
  );

  app.post(
    '/api/userInfo/updateMonthlyLimit',
    {
      config: { access: MAIN_ONLY },
      schema: {
        tags,
        summary: '设置子账号每月可用团队余额的额度（分，null 为不限）',
        body: monthlyLimitSchema,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      const { userId, monthlyLimitFen } = request.body;
      await setMonthlyLimit(app.db, actorOf(sessionOf(request)), userId, monthlyLimitFen);
      return ok(null, '设置成功');
    },
  );
}
