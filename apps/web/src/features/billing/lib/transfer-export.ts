import { BILLING_LIMITS, formatDateTime } from '@taxlens/shared';
import { type CsvColumn, toCsv } from '../../../lib/csv';
import { t } from '../../../locales';
import { billingApi, type TransferQuery } from '../api';
import type { TransferRecord } from '../types';
import { assetAmount } from './amounts';

const EXPORT_PAGE_SIZE = 200;

const person = (name: string | null, phone: string) => (name ? `${name}（${phone}）` : phone);

export const TRANSFER_CSV_COLUMNS: readonly CsvColumn<TransferRecord>[] = [
  { header: t('billing.common.time'), value: (row) => formatDateTime(row.createTime) },
  { header: t('billing.history.kind'), value: (row) => row.kindLabel },
  { header: t('billing.history.from'), value: (row) => person(row.fromName, row.fromPhone) },
  { header: t('billing.history.to'), value: (row) => person(row.toName, row.toPhone) },
  {
    header: t('billing.history.asset'),
    value: (row) => (row.asset === 0 ? t('billing.common.balance') : row.assetName),
  },
  { header: t('billing.history.amount'), value: (row) => assetAmount(row.asset, row.amount) },
  {
    header: t('billing.history.direction'),
    value: (row) =>
      row.direction === 'in'
        ? t('billing.history.directionIn')
        : row.direction === 'out'
          ? t('billing.history.directionOut')
          : '',
  },
  { header: t('billing.history.actor'), value: (row) => row.actorPhone },
];

/** Every record under the current filters (up to the export cap), page by page, as one CSV text. */
export async function exportTransfersCsv(
  filters: Omit<TransferQuery, 'page' | 'size'>,
): Promise<{ csv: string; count: number }> {
  const rows: TransferRecord[] = [];
  const fetchPage = filters.userId === undefined ? billingApi.givingRecord : billingApi.giveRecord;
  for (let page = 1; rows.length < BILLING_LIMITS.exportMaxRows; page++) {
    const answer = await fetchPage({ ...filters, page, size: EXPORT_PAGE_SIZE });
    rows.push(...answer.list);
    if (answer.list.length < EXPORT_PAGE_SIZE || rows.length >= answer.total) break;
  }
  const kept = rows.slice(0, BILLING_LIMITS.exportMaxRows);
  return { csv: toCsv(TRANSFER_CSV_COLUMNS, kept), count: kept.length };
}
