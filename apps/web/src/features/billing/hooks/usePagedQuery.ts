import { useState } from 'react';
import { tablePagination } from '../lib/paging';

/**
 * A paged list's `{ page, size, …filters }` query: a filter change goes back to page 1 (the old
 * page may not exist any more), the table's pager moves page and size.
 */
export function usePagedQuery<Q extends { page: number; size: number }>(initial: Q | (() => Q)) {
  const [query, setQuery] = useState<Q>(initial);
  return {
    query,
    setQuery,
    filter: (patch: Partial<Q>) => setQuery((previous) => ({ ...previous, page: 1, ...patch })),
    pagination: (total: number | undefined) =>
      tablePagination(query, total, (page, size) => setQuery((previous) => ({ ...previous, page, size }))),
  };
}
