import { type ChildUser, formatDate, formatDateTime, levelLabel, PERMISSION_LABELS } from '@taxlens/shared';
import { downloadCsv } from '../../lib/download';
import { t } from '../../locales';
import { accountsApi, type ChildFilters } from './api';
import { type CsvCell, textCell, toCsv } from './csv-export';

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

export function childrenCsv(rows: readonly ChildUser[]): string {
  const header = [
    t('accounts.users.columns.name'),
    t('accounts.users.columns.phone'),
    t('accounts.users.columns.level'),
    t('accounts.users.columns.status'),
    t('accounts.users.columns.teams'),
    t('accounts.audit.detailKeys.notMenus'),
    t('accounts.users.columns.createTime'),
  ];
  const body = rows.map((row): CsvCell[] => [
    row.nickName ?? '',
    textCell(row.phone),
    levelLabel(row.level),
    row.status === 'disabled' ? t('accounts.users.status.disabled') : t('accounts.users.status.active'),
    row.teams.map((team) => team.name).join('、'),
    row.notMenus.map((entry) => PERMISSION_LABELS[entry.permission] ?? entry.permission).join('、'),
    formatDateTime(row.createTime),
  ]);
  return toCsv(header, body);
}

/** Downloads every sub-account matching the filters as a CSV that Excel opens; answers the count. */
export async function exportChildren(filters: ChildFilters): Promise<number> {
  const rows = await fetchAllChildren(filters);
  if (rows.length === 0) return 0;
  const stamp = formatDate(new Date().toISOString()).replace(/-/g, '');
  downloadCsv(`${t('accounts.users.exportFileName')}-${stamp}.csv`, childrenCsv(rows));
  return rows.length;
}
