import type { supportContactSchema } from '@pactum/core/api/admin';
import type { Wire } from '@pactum/core/api/wire';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';

/** How users reach support, as the operator configured it; null where not set. */
export type SupportContact = Wire<typeof supportContactSchema>;

/** GET /api/v1/support: support's e-mail, help address and chat script (public). */
export function getSupportContact(): Promise<SupportContact> {
  return apiFetch<SupportContact>('/api/v1/support');
}

export const supportContactQueryOptions = queryOptions({
  queryKey: ['support'],
  queryFn: getSupportContact,
  // Set by the server's configuration: it does not change while the page is open.
  staleTime: Number.POSITIVE_INFINITY,
});

/** The configured ways to reach support; undefined until known (show none meanwhile). */
export function useSupportContact(): SupportContact | undefined {
  return useQuery(supportContactQueryOptions).data;
}
