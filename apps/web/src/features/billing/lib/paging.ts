import type { TablePaginationConfig } from 'antd';
import { t } from '../../../locales';

export const PAGE_SIZES = [10, 20, 50, 100];

/** antd pagination for a 1-based `{ page, size }` query with the total the server answered. */
export function tablePagination(
  query: { page: number; size: number },
  total: number | undefined,
  onChange: (page: number, size: number) => void,
): TablePaginationConfig {
  return {
    current: query.page,
    pageSize: query.size,
    total: total ?? 0,
    showSizeChanger: true,
    pageSizeOptions: PAGE_SIZES,
    showTotal: (count) => t('billing.common.total', { total: count }),
    onChange: (page, size) => onChange(size === query.size ? page : 1, size),
  };
}

/** A list query without its page, as the export of the same list takes it. */
export function withoutPage<Q extends { page: number; size: number }>(query: Q): Omit<Q, 'page' | 'size'> {
  const { page: _page, size: _size, ...filters } = query;
  return filters;
}
