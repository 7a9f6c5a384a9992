import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../lib/http';
import { queryClientCreated } from './query-client-loader';

/** Server state lives only here (HOUSE-STYLE 14); each feature has its own key factory. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Business and session errors will not change on retry; a network blip may.
      retry: (failureCount, error) => failureCount < 1 && isApiError(error) && error.kind === 'network',
    },
    mutations: { retry: false },
  },
});

// The session code of the entry queued what it needs done on the client (query-client-loader.ts).
queryClientCreated(queryClient);
