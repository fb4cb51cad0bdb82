import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../shell/route-handle';

const SendPdfPage = lazy(() =>
  import('./send-pdf-page').then((module) => ({ default: module.SendPdfPage })),
);
const SigningPage = lazy(() =>
  import('./signing-page').then((module) => ({ default: module.SigningPage })),
);

/** Review and sign (sent-/receiver-/signer-{product}): where signing links lead too. */
export const signingRoutes: RouteObject[] = [
  {
    path: 'send-pdf',
    handle: { crumb: 'sendPdf' } satisfies RouteHandle,
    element: <SendPdfPage />,
  },
  {
    path: 'documents/deals/:dealId/sign',
    handle: { crumb: 'inSigning' } satisfies RouteHandle,
    element: <SigningPage />,
  },
];
