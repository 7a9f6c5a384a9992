import { useMutation, useQuery } from '@tanstack/react-query';
import type { CoverList } from '@taxlens/shared';
import { queryClient } from '../../../app/query-client';
import { http } from '../../../lib/http';
import { reportKeys } from '../queries';

/** /api/BusinessPanoramicReport/*Cover*: the report cover templates and each user's choice. */
export const coverApi = {
  list: (signal?: AbortSignal) => http.get<CoverList>('/BusinessPanoramicReport/findCoverAll', { signal }),
  choose: (coverId: number) => http.post<null>('/BusinessPanoramicReport/updateCoverByUserId', { coverId }),
  chooseForAll: (coverId: number) =>
    http.post<{ updated: number }>('/BusinessPanoramicReport/updateCoverByUserIdAll', { coverId }),
};

const coverKey = () => [...reportKeys.all, 'covers'] as const;

export function useCovers() {
  return useQuery({ queryKey: coverKey(), queryFn: ({ signal }) => coverApi.list(signal) });
}

/** The chosen cover is part of every report detail (the print view draws it): those reload too. */
function refresh() {
  void queryClient.invalidateQueries({ queryKey: coverKey() });
  void queryClient.invalidateQueries({ queryKey: reportKeys.details() });
}

export function useChooseCover() {
  return useMutation({ mutationFn: coverApi.choose, onSuccess: refresh });
}

export function useChooseCoverForAll() {
  return useMutation({ mutationFn: coverApi.chooseForAll, onSuccess: refresh });
}
