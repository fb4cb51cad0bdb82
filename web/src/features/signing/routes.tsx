import { useQuery } from '@tanstack/react-query';
import { lazy } from 'react';
import { type RouteObject, useParams } from 'react-router';
import { type RouteHandle, usePageCrumbs } from '../../ui/route-handle';
import { getSigning, signingQueryKey } from './api/get-signing';
import { signingCrumbs } from './signing-crumbs';

const SendPdfPage = lazy(() =>
  import('./send-pdf-page').then((module) => ({ default: module.SendPdfPage })),
);
const SigningPage = lazy(() =>
  import('./signing-page').then((module) => ({ default: module.SigningPage })),
);

/**
 * The signing view, named in the breadcrumbs by the deal's phase (signingCrumbs). The crumbs
 * read the view the page loads, from the query cache: this asks for nothing itself.
 */
function SigningRoute() {
  const { dealId = '' } = useParams();
  const { data: crumbs } = useQuery({
    queryKey: signingQueryKey(dealId),
    queryFn: () => getSigning(dealId),
    enabled: false,
    select: signingCrumbs,
  });
  usePageCrumbs(crumbs ?? null);
  return <SigningPage />;
}

/** Review and sign (sent-/receiver-/signer-{product}): where signing links lead too. */
export const signingRoutes: RouteObject[] = [
  {
    path: 'send-pdf',
    handle: { crumb: 'sendPdf' } satisfies RouteHandle,
    element: <SendPdfPage />,
  },
  {
    path: 'documents/deals/:dealId/sign',
    // Until the deal is loaded; then its phase names it (signingCrumbs).
    handle: { crumb: 'reviewAndSign' } satisfies RouteHandle,
    element: <SigningRoute />,
  },
];
