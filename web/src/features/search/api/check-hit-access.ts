import type { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../app/http';
import { itemQueryOptions } from '../../archive';
import { dealQueryOptions } from '../../deals';
import { getSigning, signingQueryKey } from '../../signing';
import type { SearchHit } from '../types';

/**
 * Reads a hit's document the way the page it opens reads it, fresh from the server: access may
 * have gone since the search (a share removed, a file deleted). A named signer outside both
 * parties reads the signing view; a party's user the deal; anyone else the archive item. The
 * answer stays in the cache for the page that opens next.
 */
export function checkHitAccess(
  queryClient: QueryClient,
  hit: Pick<SearchHit, 'kind' | 'id' | 'myParty'>,
): Promise<unknown> {
  if (hit.kind !== 'deal')
    return queryClient.fetchQuery({ ...itemQueryOptions(hit.id), staleTime: 0 });
  if (hit.myParty) return queryClient.fetchQuery({ ...dealQueryOptions(hit.id), staleTime: 0 });
  return queryClient.fetchQuery({
    queryKey: signingQueryKey(hit.id),
    queryFn: () => getSigning(hit.id),
    staleTime: 0,
    retry: false,
  });
}

/** The answer of a hit the caller can no longer open: 'Link to document not found' (spec 3 §6). */
export function isHitGone(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 403);
}
