import {
  type DeniedEntry,
  hasPermission,
  type PoolReportType,
  REPORT_KINDS,
  USER_DETAILS_FIRM_LIMIT,
  type UserDetails,
} from '@taxlens/shared';
import type { Db } from '../../db/kysely.js';
import { AppError } from '../../lib/app-error.js';
import { presentSessionUser } from '../auth/auth.presenter.js';
import { findSessionUserRow } from '../auth/auth.repo.js';
import { sharedUsedThisMonth, walletContext } from '../billing/payer.service.js';
import { pricesFor } from '../billing/prices.repo.js';
import { readWallet } from '../billing/wallet.repo.js';
import { visibleOwners } from '../companies/companies.policy.js';
import { listCompanies } from '../companies/companies.repo.js';
import { findGroupProfile, findMainAccount } from './accounts.repo.js';
import { groupExtras } from './group-extras.repo.js';

/** The companies the user sees (the same rule as the company list), bounded. */
async function firmListOf(db: Db, actor: { userId: number; groupId: number; level: number; notMenus: DeniedEntry[] }) {
  const owners = await visibleOwners(db, actor);
  const { rows } = await listCompanies(db, actor.groupId, owners, {}, { page: 1, size: USER_DETAILS_FIRM_LIMIT });
  return rows.map((row) => ({ id: Number(row.id), taxpayerName: row.taxpayer_name, taxNo: row.tax_no }));
}

/** The group wallet a shared-mode sub-account draws from, its monthly cap and what it used. */
async function walletTerms(db: Db, groupId: number, userId: number, balanceVisible: boolean) {
  const context = await walletContext(db, groupId, userId);
  const shared = context.mode === 'shared' && !context.isMain && context.mainId !== null;
  const main = shared && context.mainId !== null ? await readWallet(db, groupId, context.mainId) : null;
  return {
    mode: context.mode,
    groupWallet: main
      ? {
          balance: balanceVisible ? main.balanceFen : null,
          numberList: REPORT_KINDS.map((kind) => ({ type: kind.type, count: main.credits[kind.type - 1] ?? 0 })),
        }
      : null,
    monthlyLimitFen: context.monthlyLimitFen,
    monthlyUsedFen: shared ? await sharedUsedThisMonth(db, groupId, userId) : 0,
  };
}

/** findUserDetails: the session user plus prices, credits, main account, watermark and firms (spec §3). */
export async function userDetails(db: Db, userId: number, loginTime: Date): Promise<UserDetails> {
  const row = await findSessionUserRow(db, userId);
  if (!row) throw new AppError('SESSION_INVALID');
  const { userToken: _token, ...user } = presentSessionUser(row, '', loginTime);
  const groupId = user.groupId;
  const [prices, wallet, group, main, firmList, extras] = await Promise.all([
    pricesFor(db, groupId),
    groupId ? readWallet(db, groupId, userId) : undefined,
    groupId ? findGroupProfile(db, groupId) : undefined,
    groupId ? findMainAccount(db, groupId) : undefined,
    groupId ? firmListOf(db, { userId, groupId, level: user.level, notMenus: user.notMenus }) : [],
    groupExtras(db, groupId),
  ]);
  const price = (type: number) => prices.get(type) ?? 0;
  const wallets = groupId ? await walletTerms(db, groupId, userId, user.balance !== null) : undefined;
  return {
    ...user,
    invoicePrice: price(1),
    riskDetectionPrice: price(2),
    shyReportPrice: price(3),
    panoramicPrice: price(4),
    xlbakPrice: price(5),
    dueReportPrice: price(6),
    numberList: REPORT_KINDS.map((kind) => ({
      type: kind.type,
      name: kind.name,
      count: wallet?.credits[kind.type - 1] ?? 0,
      icon: kind.icon,
    })),
    mainUserId: main ? Number(main.id) : null,
    assetsPhone: group?.contact_phone ?? null,
    superiorPhone: main && Number(main.id) !== userId ? main.phone : null,
    groupCreditCode: group?.credit_code ?? null,
    watermark: group?.watermark_text ?? null,
    // /watermark is the main account's, and only for groups with reportConfigPermission 1 (spec §6).
    watermarkPermissions: user.level === 1 && user.reportConfigPermission === 1 ? 1 : 0,
    watermarkObject:
      !group || group.watermark_object === '0' ? '0' : (group.watermark_object.split(',') as PoolReportType[]),
    watermarkSwitch: group?.watermark_switch === 1 ? 1 : 0,
    firmList,
    ...extras,
    rechargeAstrict: hasPermission(user, 'pay') ? 0 : 1,
    notCheckPayDialogFlag: row.pay_dialog_flag ? 1 : 0,
    walletMode: wallets?.mode ?? 'own',
    groupWallet: wallets?.groupWallet ?? null,
    monthlyLimitFen: wallets?.monthlyLimitFen ?? null,
    monthlyUsedFen: wallets?.monthlyUsedFen ?? 0,
  };
}
