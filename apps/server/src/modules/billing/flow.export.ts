import { BILLING_LIMITS, formatDateTime, type LedgerEntry } from '@taxlens/shared';
import type { Db } from '../../db/kysely.js';
import { buildXlsx } from '../../lib/xlsx-export.js';
import type { Actor } from './billing.policy.js';
import { flowRecord, numFlow } from './flow.service.js';

const isBalance = (row: LedgerEntry) => row.asset === 0;

const EXPORT_PAGE = { page: 1, size: BILLING_LIMITS.exportMaxRows };

/**
 * A ledger page as Excel, newest first, with the list's filters and visibility. Money and credits
 * get their own columns, so each column sums in Excel.
 */
function ledgerSheet(rows: readonly LedgerEntry[]) {
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
    rows,
  );
}

/** /my 账户流水: what flowRecord lists under the same filters. */
export async function exportFlow(db: Db, actor: Actor, query: Parameters<typeof flowRecord>[2]) {
  return ledgerSheet((await flowRecord(db, actor, query, EXPORT_PAGE)).list);
}

/** /my/number 次数流水: what getNumFlowByOption lists under the same filters. */
export async function exportNumFlow(db: Db, actor: Actor, query: Parameters<typeof numFlow>[2]) {
  return ledgerSheet((await numFlow(db, actor, query, EXPORT_PAGE)).list);
}
