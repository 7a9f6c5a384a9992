import type { NoticeList } from '@taxlens/shared';
import { http } from '../../lib/http';

/** The header's notification list (issue 19): GET /api/Notice/findList, POST read / readAll. */
export const noticesApi = {
  list: (query: { page: number; size: number; unread: 0 | 1 }) =>
    http.get<NoticeList>('/Notice/findList', { params: query, silent: true }),
  read: (id: number) => http.post<null>('/Notice/read', { id }),
  readAll: () => http.post<{ changed: number }>('/Notice/readAll', {}),
};
