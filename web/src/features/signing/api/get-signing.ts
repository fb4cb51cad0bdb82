import type { signingViewSchema } from '@pactum/core/api/signing';
import type { Wire } from '@pactum/core/api/wire';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../app/http';
import { dealApiPath, dealQueryKey } from '../../documents';

/** Everything the signing view shows, as the signing routes answer it. */
export type SigningView = Wire<typeof signingViewSchema>;
/** One signer as the signing view lists them. */
export type SigningSigner = SigningView['signers'][number];

/** Under the deal's key, so the realtime topic `deal:<id>` refetches it too. */
export const signingQueryKey = (dealId: string) => [...dealQueryKey(dealId), 'signing'];

/** GET /api/v1/deals/:id/signing: the signing view (a party or a named signer). */
export function getSigning(dealId: string): Promise<SigningView> {
  return apiFetch<SigningView>(`${dealApiPath(dealId)}/signing`);
}

export function useSigning(dealId: string) {
  return useQuery({
    ...queryOptions({
      queryKey: signingQueryKey(dealId),
      queryFn: () => getSigning(dealId),
      retry: false,
    }),
    // A signer without a party's access has no realtime topic; the sealed PDF is awaited too.
    refetchInterval: (query) => {
      const data = query.state.data;
      if (!data) return false;
      if (data.state === 'signed' && data.signedPdf?.state !== 'done') return 2000;
      return data.state === 'in-signing' ? 5000 : false;
    },
  });
}

/** The sealed PDF's download address. */
export const signedPdfUrl = (dealId: string) => `${dealApiPath(dealId)}/signed-pdf`;
