import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import type { SentCard, SentList } from '../types';

export const sentQueryKey = ['sent'] as const;

/** GET /api/v1/sent: the user's sent drafts, newest sending first (spec 2 §2.3). */
export async function listSent(): Promise<SentCard[]> {
  const answer = await apiFetch<SentList>('/api/v1/sent');
  return answer.drafts;
}

export const sentQueryOptions = queryOptions({ queryKey: sentQueryKey, queryFn: listSent });

export function useSent() {
  return useQuery(sentQueryOptions);
}
