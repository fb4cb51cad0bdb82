import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import type { ApiToken, ApiTokenOwner } from '../types';

/** The key of an owner's tokens: the user's own (`me`) or a workspace's. */
export const apiTokensQueryKey = (owner: ApiTokenOwner) =>
  ['api-tokens', owner.workspaceId ?? 'me'] as const;

/** The address of an owner's tokens: `/api/v1/me/api-tokens` or the workspace's. */
export function apiTokensPath(owner: ApiTokenOwner): string {
  return owner.workspaceId === undefined
    ? '/api/v1/me/api-tokens'
    : `/api/v1/workspaces/${encodeURIComponent(owner.workspaceId)}/api-tokens`;
}

/** GET …/api-tokens: the newest 100 tokens, revoked ones included, newest first. */
export function listApiTokens(owner: ApiTokenOwner): Promise<ApiToken[]> {
  return apiFetch<ApiToken[]>(apiTokensPath(owner));
}

export const apiTokensQueryOptions = (owner: ApiTokenOwner) =>
  queryOptions({
    queryKey: apiTokensQueryKey(owner),
    queryFn: () => listApiTokens(owner),
  });

export function useApiTokens(owner: ApiTokenOwner) {
  return useQuery(apiTokensQueryOptions(owner));
}
