import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';

/**
 * One query cache for the admin area. No automatic retries: a failed load shows its SPEC §8 text at
 * once (and a 403 must never be asked again); no refetch on window focus: lists do not reload under
 * an admin's pointer when they come back to the tab. Screens refresh by invalidating keys.
 */
export function createAdminQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } } });
}

export function AdminQueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(createAdminQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
