import { type ComponentType, lazy } from 'react';
import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../ui/route-handle';

function page<M, P extends object = object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
) {
  return lazy(() => load().then((module) => ({ default: pick(module) })));
}

const ArchivePage = page(
  () => import('./archive-page'),
  (m) => m.ArchivePage,
);

const handle: RouteHandle = { crumb: 'archive', crumbTo: '/dashboard/account/archive' };

/** The archive (spec 1 §2 'user-archive'): folders, the Inbox and the viewer, one page. */
export const archiveRoutes: RouteObject[] = [
  { path: 'account/archive/:folderId?/:fileId?', handle, element: <ArchivePage /> },
];
