import type {
  codeSentSchema,
  codeVerifiedSchema,
  declineResultSchema,
  signatureDefaultsResultSchema,
} from '@pactum/core/api/signing';
import type { Wire } from '@pactum/core/api/wire';
import type {
  DeclineRequest,
  ReplaceSignerRequest,
  SignerSetupRequest,
  SignRequest,
  signatureDefaultsSchema,
  WithdrawRequest,
} from '@pactum/core/signing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiFetch } from '../../../app/http';
import { dealApiPath, dealQueryKey } from '../../documents';
import { type SigningView, signingQueryKey } from './get-signing';

function useSigningMutation<V>(dealId: string, request: (variables: V) => Promise<SigningView>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: async (view) => {
      queryClient.setQueryData(signingQueryKey(dealId), view);
      await queryClient.invalidateQueries({ queryKey: dealQueryKey(dealId) });
      await queryClient.invalidateQueries({ queryKey: ['deals'] });
      await queryClient.invalidateQueries({ queryKey: ['me'] });
    },
  });
}

/** PUT /deals/:id/signers: the caller's party's signers. */
export function useSetupSigners(dealId: string) {
  return useSigningMutation(dealId, (body: SignerSetupRequest) =>
    apiFetch<SigningView>(`${dealApiPath(dealId)}/signers`, { method: 'PUT', body }),
  );
}

/** POST /deals/:id/start-signing. */
export function useStartSigning(dealId: string) {
  return useSigningMutation(dealId, (body: SignerSetupRequest) =>
    apiFetch<SigningView>(`${dealApiPath(dealId)}/start-signing`, { method: 'POST', body }),
  );
}

/** POST /deals/:id/cancel-signing. */
export function useCancelSigning(dealId: string) {
  return useSigningMutation(dealId, () =>
    apiFetch<SigningView>(`${dealApiPath(dealId)}/cancel-signing`, { method: 'POST' }),
  );
}

/** What a decline answers: the decline kept, and whether the caller can still open the deal. */
export type DeclineResult = Wire<typeof declineResultSchema>;

/**
 * POST /deals/:id/decline-signing. The answer is no signing view (a signer outside both
 * parties loses the deal with their slot): everything shown of the deal is fetched again.
 */
export function useDeclineSigning(dealId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DeclineRequest) =>
      apiFetch<DeclineResult>(`${dealApiPath(dealId)}/decline-signing`, { method: 'POST', body }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: dealQueryKey(dealId) });
      await queryClient.invalidateQueries({ queryKey: ['deals'] });
      await queryClient.invalidateQueries({ queryKey: ['me'] });
    },
  });
}

/** POST /deals/:id/withdraw-signing (the sender's side). */
export function useWithdrawSigning(dealId: string) {
  return useSigningMutation(dealId, (body: WithdrawRequest) =>
    apiFetch<SigningView>(`${dealApiPath(dealId)}/withdraw-signing`, { method: 'POST', body }),
  );
}

/** POST /deals/:id/signers/:signerId/remind: 'Remind now' (the sender's side). */
export function useRemindNow(dealId: string) {
  return useSigningMutation(dealId, (signerId: string) =>
    apiFetch<SigningView>(`${dealApiPath(dealId)}/signers/${encodeURIComponent(signerId)}/remind`, {
      method: 'POST',
    }),
  );
}

/** PUT /deals/:id/signers/:signerId: replace one signer who has not signed. */
export function useReplaceSigner(dealId: string, signerId: string) {
  return useSigningMutation(dealId, (body: ReplaceSignerRequest) =>
    apiFetch<SigningView>(`${dealApiPath(dealId)}/signers/${encodeURIComponent(signerId)}`, {
      method: 'PUT',
      body,
    }),
  );
}

/** POST /deals/:id/signers/:signerId/sign. */
export function useSign(dealId: string, signerId: string) {
  return useSigningMutation(dealId, (body: SignRequest) =>
    apiFetch<SigningView>(`${dealApiPath(dealId)}/signers/${encodeURIComponent(signerId)}/sign`, {
      method: 'POST',
      body,
    }),
  );
}

/** POST /deals/:id/signed-pdf/retry (sender). */
export function useRetrySignedPdf(dealId: string) {
  return useSigningMutation(dealId, () =>
    apiFetch<SigningView>(`${dealApiPath(dealId)}/signed-pdf/retry`, { method: 'POST' }),
  );
}

/** POST .../code: an SMS code to the signer's phone ('Verification sent to: %s'). */
export function useSendCode(dealId: string, signerId: string) {
  return useMutation({
    mutationFn: () =>
      apiFetch<Wire<typeof codeSentSchema>>(
        `${dealApiPath(dealId)}/signers/${encodeURIComponent(signerId)}/code`,
        { method: 'POST' },
      ),
  });
}

/** POST .../code/verify ('Verification completed'). */
export function useVerifyCode(dealId: string, signerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      apiFetch<Wire<typeof codeVerifiedSchema>>(
        `${dealApiPath(dealId)}/signers/${encodeURIComponent(signerId)}/code/verify`,
        { method: 'POST', body: { code } },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: signingQueryKey(dealId) }),
  });
}

/** PATCH /signing/defaults: the remembered font or colour. */
export function useUpdateSignatureDefaults() {
  return useMutation({
    mutationFn: (body: z.input<typeof signatureDefaultsSchema>) =>
      apiFetch<Wire<typeof signatureDefaultsResultSchema>>('/api/v1/signing/defaults', {
        method: 'PATCH',
        body,
      }),
  });
}
