import { QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { queryClient } from './query-client';

/**
 * A component inside react-query's provider. The provider was above the router; it now comes with
 * what uses queries: the layouts that have `<App>` (withApp in lazy-route.ts) and the sign-in
 * screen's forms loaded when opened (code, sign-up, reset), so the password form, the first screen,
 * ships without react-query (issue 21). There is one client, so every provider shares one cache.
 */
export function withQueryClient<P extends object>(Inner: ComponentType<P>): ComponentType<P> {
  function WithQueryClient(props: P) {
    return (
      <QueryClientProvider client={queryClient}>
        <Inner {...props} />
      </QueryClientProvider>
    );
  }
  WithQueryClient.displayName = `WithQueryClient(${Inner.displayName ?? Inner.name})`;
  return WithQueryClient;
}
