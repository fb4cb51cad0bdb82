import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import type { ApiToken, ApiTokenOwner } from '../types';
import { apiTokensPath, apiTokensQueryKey } from './list-api-tokens';

/** DELETE …/api-tokens/:tokenId: revokes a token at once; the answer is the revoked token. */
export function revokeApiToken(owner: ApiTokenOwner, tokenId: string): Promise<ApiToken> {
  return apiFetch<ApiToken>(`${apiTokensPath(owner)}/${encodeURIComponent(tokenId)}`, {
    method: 'DELETE',
  });
}

export function useRevokeApiToken(owner: ApiTokenOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tokenId: string) => revokeApiToken(owner, tokenId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryKey(owner) }),
  });
}
