import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { NEGOTIATION_LIST_PATH } from '../documents';

const SentStatusListPage = lazy(() =>
  import('./sent-status-list-page').then((m) => ({ default: m.SentStatusListPage })),
);
const SentDraftPage = lazy(() =>
  import('./sent-draft-page').then((m) => ({ default: m.SentDraftPage })),
);
const SentDealPage = lazy(() =>
  import('./sent-deal-page').then((m) => ({ default: m.SentDealPage })),
);
const ReceiverValidationPage = lazy(() =>
  import('./receiver-validation-page').then((m) => ({ default: m.ReceiverValidationPage })),
);

/** Spec 2 §2.3: the sent routes, and the receiver's check of their details. */
export const sendingRoutes: RouteObject[] = [
  {
    path: 'sent',
    children: [
      { index: true, element: <Navigate to={NEGOTIATION_LIST_PATH} replace /> },
      {
        path: 'status',
        handle: { crumb: 'sentStatus' },
        children: [
          { index: true, element: <SentStatusListPage /> },
          { path: ':draftId', element: <SentDraftPage /> },
          { path: ':draftId/:dealId', handle: { crumb: 'sentDeal' }, element: <SentDealPage /> },
        ],
      },
    ],
  },
  {
    path: 'received/validate/:dealId',
    handle: { crumb: 'receiverDetails' },
    element: <ReceiverValidationPage />,
  },
];
