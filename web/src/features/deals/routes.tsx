import { type ComponentType, lazy } from 'react';
import type { RouteObject } from 'react-router';
import { EditorRoute } from '../../ui/drawer-control';
import type { RouteHandle } from '../../ui/route-handle';

function page<M, P extends object = object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
) {
  return lazy(() => load().then((module) => ({ default: pick(module) })));
}

const DealListPage = page(
  () => import('./deal-list-page'),
  (m) => m.DealListPage,
);
const DealLoadPage = page(
  () => import('./deal-editor-page'),
  (m) => m.DealLoadPage,
);
const SentDealEditPage = page(
  () => import('./deal-editor-page'),
  (m) => m.SentDealEditPage,
);
const ReceiverDealEditPage = page(
  () => import('./deal-editor-page'),
  (m) => m.ReceiverDealEditPage,
);

const crumb = (name: RouteHandle['crumb'], crumbTo?: string): RouteHandle => ({
  crumb: name,
  ...(crumbTo ? { crumbTo } : {}),
});

/**
 * The deal routes of spec 3 §2.1 under the dashboard: the lists by group (an unknown
 * `documents/…` address falls to the dashboard's 'Page not found'), doc-load
 * (`documents/deals/:dealId`, where invites lead) and the two negotiation editors, where the
 * side menu floats and hides.
 */
export const dealRoutes: RouteObject[] = [
  {
    path: 'documents/negotiate',
    handle: crumb('negotiate'),
    element: <DealListPage group="negotiate" />,
  },
  { path: 'documents/sign', handle: crumb('inSigning'), element: <DealListPage group="sign" /> },
  {
    path: 'documents/waiting',
    handle: crumb('inSigning'),
    element: <DealListPage group="waiting" />,
  },
  { path: 'documents/signed', handle: crumb('signed'), element: <DealListPage group="signed" /> },
  { path: 'documents/trash', handle: crumb('trash'), element: <DealListPage group="trash" /> },
  {
    path: 'documents/archived',
    handle: crumb('archived'),
    element: <DealListPage group="archived" />,
  },
  { path: 'documents/deals/:dealId', handle: crumb('documents'), element: <DealLoadPage /> },
  {
    path: 'documents/sent/:dealId',
    handle: crumb('negotiate', '/dashboard/documents/negotiate'),
    element: (
      <EditorRoute>
        <SentDealEditPage />
      </EditorRoute>
    ),
  },
  {
    path: 'documents/received/:dealId',
    handle: crumb('negotiate', '/dashboard/documents/negotiate'),
    element: (
      <EditorRoute>
        <ReceiverDealEditPage />
      </EditorRoute>
    ),
  },
];
