import { useQuery } from '@tanstack/react-query';
import type { Workbench } from '@taxlens/shared';
import { http } from '../../lib/http';

export const homeKeys = { workbench: () => ['home', 'workbench'] as const };

/** The whole first screen in one request (/api/home/workbench). */
export function useWorkbench() {
  return useQuery({
    queryKey: homeKeys.workbench(),
    queryFn: ({ signal }) => http.get<Workbench>('/home/workbench', { signal }),
    staleTime: 30_000,
  });
}
