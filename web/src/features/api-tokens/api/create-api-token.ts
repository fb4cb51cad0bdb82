import type { CreateApiToken } from '@pactum/core/api-tokens';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import type { ApiTokenOwner, CreatedApiToken } from '../types';
import { apiTokensPath, apiTokensQueryKey } from './list-api-tokens';

/** POST …/api-tokens: makes a token. The answer carries its text, which is never shown again. */
export function createApiToken(
  owner: ApiTokenOwner,
  body: CreateApiToken,
): Promise<CreatedApiToken> {
  return apiFetch<CreatedApiToken>(apiTokensPath(owner), { method: 'POST', body });
}

export function useCreateApiToken(owner: ApiTokenOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiToken) => createApiToken(owner, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryKey(owner) }),
  });
}
