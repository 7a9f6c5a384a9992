import { BILLING_LIMITS, formatDateTime, type LedgerEntry, REPORT_KINDS } from '@taxlens/shared';
import type { Db } from '../../db/kysely.js';
import { buildXlsx } from '../../lib/xlsx-export.js';
import { type Actor, canViewBalance } from './billing.policy.js';
import { presentLedger } from './billing.presenter.js';
import { type LedgerFilters, listLedger } from './ledger.repo.js';
import { viewedUserId } from './scope.service.js';

type LedgerExportQuery = { userId?: number; reason?: string; startDate?: string; endDate?: string };

const isBalance = (row: LedgerEntry) => row.asset === 0;

/**
 * A wallet's ledger as Excel, newest first, with the page's filters and visibility. Money and
 * credits get their own columns, so each column sums in Excel.
 */
async function exportLedger(db: Db, actor: Actor, query: LedgerExportQuery, assets: number[] | undefined) {
  const userId = await viewedUserId(db, actor, query.userId);
  const filters: LedgerFilters = { assets, reason: query.reason, startDate: query.startDate, endDate: query.endDate };
  const { rows } = await listLedger(db, actor.groupId, userId, filters, {
    page: 1,
    size: BILLING_LIMITS.exportMaxRows,
  });
  const visible = canViewBalance(actor);
  return buildXlsx<LedgerEntry>(
    '账户流水',
    [
      { header: '时间', width: 20, value: (row) => formatDateTime(row.createTime) },
      { header: '项目', width: 22, value: (row) => row.assetName },
      { header: '类型', width: 14, value: (row) => row.reasonLabel },
      { header: '金额变动（元）', width: 14, format: 'fen', value: (row) => (isBalance(row) ? row.delta : null) },
      { header: '变动后余额（元）', width: 16, format: 'fen', value: (row) => (isBalance(row) ? row.after : null) },
      { header: '次数变动', width: 10, value: (row) => (isBalance(row) ? null : row.delta) },
      { header: '变动后次数', width: 10, value: (row) => (isBalance(row) ? null : row.after) },
      { header: '对方账号', width: 16, value: (row) => row.counterpartPhone },
      { header: '操作人', width: 16, value: (row) => row.actorPhone },
      { header: '备注', width: 30, value: (row) => row.note },
    ],
    rows.map((row) => presentLedger(row, visible)),
  );
}

/** /my 账户流水: every asset, or the one chosen. */
export const exportFlow = (db: Db, actor: Actor, query: LedgerExportQuery & { asset?: number }) =>
  exportLedger(db, actor, query, query.asset === undefined ? undefined : [query.asset]);

/** /my/number 次数流水: the credit types, or the one chosen. */
export const exportNumFlow = (db: Db, actor: Actor, query: LedgerExportQuery & { numberType?: number }) =>
  exportLedger(
    db,
    actor,
    query,
    query.numberType === undefined ? REPORT_KINDS.map((kind) => kind.type) : [query.numberType],
  );
