import type { healthSchema } from '@pactum/core/api/health';
import type { Wire } from '@pactum/core/api/wire';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from './http';

/** GET /api/health. */
export type Health = Wire<typeof healthSchema>;

/** The spec's build-version check interval: every 5 minutes, and when the tab shows again. */
export const VERSION_CHECK_MS = 5 * 60_000;

export const healthQueryOptions = queryOptions({
  queryKey: ['health'],
  queryFn: () => apiFetch<Health>('/api/health'),
  refetchInterval: VERSION_CHECK_MS,
  // Showing the tab again counts as a focus (TanStack Query listens to visibilitychange).
  refetchOnWindowFocus: 'always',
  retry: false,
});

let loadedVersion: string | undefined;

/**
 * The version the page was loaded with (the first one the server reported), and the one it
 * reports now.
 */
export function useAppVersion(): { loaded: string | undefined; current: string | undefined } {
  const health = useQuery(healthQueryOptions);
  const current = health.data?.version;
  if (current && !loadedVersion) loadedVersion = current;
  return { loaded: loadedVersion, current };
}

/** Whether the server now runs another version than the one this page was built against. */
export function isUpgraded(loaded: string | undefined, current: string | undefined): boolean {
  return Boolean(loaded && current && loaded !== current);
}
