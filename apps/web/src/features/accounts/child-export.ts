import { type ChildUser, formatDate, formatDateTime, levelLabel, PERMISSION_LABELS } from '@taxlens/shared';
import { type CsvColumn, textCell, toCsv } from '../../lib/csv';
import { downloadCsv } from '../../lib/download';
import { t } from '../../locales';
import { accountsApi, type ChildFilters } from './api';

/** The list call's largest page; an export reads page after page of it. */
export const EXPORT_PAGE_SIZE = 200;
const EXPORT_MAX_PAGES = 50;

export async function fetchAllChildren(filters: ChildFilters): Promise<ChildUser[]> {
  const rows: ChildUser[] = [];
  for (let page = 1; page <= EXPORT_MAX_PAGES; page++) {
    const answer = await accountsApi.childList({ ...filters, page, size: EXPORT_PAGE_SIZE });
    rows.push(...answer.list);
    if (answer.list.length < EXPORT_PAGE_SIZE || rows.length >= answer.total) break;
  }
  return rows;
}

const CHILD_CSV_COLUMNS: readonly CsvColumn<ChildUser>[] = [
  { header: t('accounts.users.columns.name'), value: (row) => row.nickName ?? '' },
  { header: t('accounts.users.columns.phone'), value: (row) => textCell(row.phone) },
  { header: t('accounts.users.columns.level'), value: (row) => levelLabel(row.level) },
  {
    header: t('accounts.users.columns.status'),
    value: (row) =>
      row.status === 'disabled' ? t('accounts.users.status.disabled') : t('accounts.users.status.active'),
  },
  { header: t('accounts.users.columns.teams'), value: (row) => row.teams.map((team) => team.name).join('、') },
  {
    header: t('accounts.audit.detailKeys.notMenus'),
    value: (row) => row.notMenus.map((entry) => PERMISSION_LABELS[entry.permission] ?? entry.permission).join('、'),
  },
  { header: t('accounts.users.columns.createTime'), value: (row) => formatDateTime(row.createTime) },
];

export function childrenCsv(rows: readonly ChildUser[]): string {
  return toCsv(CHILD_CSV_COLUMNS, rows);
}

/** Downloads every sub-account matching the filters as a CSV that Excel opens; answers the count. */
export async function exportChildren(filters: ChildFilters): Promise<number> {
  const rows = await fetchAllChildren(filters);
  if (rows.length === 0) return 0;
  const stamp = formatDate(new Date().toISOString()).replace(/-/g, '');
  downloadCsv(`${t('accounts.users.exportFileName')}-${stamp}.csv`, childrenCsv(rows));
  return rows.length;
}
