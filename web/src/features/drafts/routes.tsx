import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router';

const DraftCreatePage = lazy(() =>
  import('./draft-create-page').then((m) => ({ default: m.DraftCreatePage })),
);
const DraftListPage = lazy(() =>
  import('./draft-list-page').then((m) => ({ default: m.DraftListPage })),
);
const DraftPage = lazy(() => import('./draft-page').then((m) => ({ default: m.DraftPage })));
const TitleSharingPage = lazy(() =>
  import('./title-sharing-page').then((m) => ({ default: m.TitleSharingPage })),
);
const DraftEditPage = lazy(() =>
  import('./draft-edit-page').then((m) => ({ default: m.DraftEditPage })),
);
const DraftSendPage = lazy(() =>
  import('./draft-send-page').then((m) => ({ default: m.DraftSendPage })),
);
const DraftSentPage = lazy(() =>
  import('./draft-sent-page').then((m) => ({ default: m.DraftSentPage })),
);

/** Spec 2 §2.1–2.2: draft creation, the draft list, the draft's steps and the send progress. */
export const draftRoutes: RouteObject[] = [
  {
    path: 'templates/create/:templateId',
    handle: { crumb: 'newDraft' },
    element: <DraftCreatePage />,
  },
  {
    path: 'drafts',
    handle: { crumb: 'drafts', crumbTo: '/dashboard/drafts/list' },
    children: [
      { index: true, element: <Navigate to="list" replace /> },
      { path: 'list', element: <DraftListPage /> },
    ],
  },
  {
    path: 'draft/:draftId',
    handle: { crumb: 'drafts', crumbTo: '/dashboard/drafts/list' },
    element: <DraftPage />,
    children: [
      { index: true, element: <Navigate to="edit" replace /> },
      { path: 'title', handle: { crumb: 'draftTitle' }, element: <TitleSharingPage /> },
      { path: 'edit', handle: { crumb: 'draft' }, element: <DraftEditPage /> },
      { path: 'parties', handle: { crumb: 'draftSend' }, element: <DraftSendPage /> },
      { path: '*', element: <Navigate to="edit" replace /> },
    ],
  },
  { path: 'draft-sent/:draftId', handle: { crumb: 'draftSent' }, element: <DraftSentPage /> },
];
