import { type ComponentType, lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { EditorRoute } from '../../ui/drawer-control';
import type { RouteHandle } from '../../ui/route-handle';
import { templateListPath } from './template-paths';

function page<M, P extends object = object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
) {
  return lazy(() => load().then((module) => ({ default: pick(module) })));
}

const TemplateLibraryPage = page(
  () => import('./template-library-page'),
  (m) => m.TemplateLibraryPage,
);
const TemplateAddPage = page(
  () => import('./template-add-page'),
  (m) => m.TemplateAddPage,
);
const TemplateEditPage = page(
  () => import('./template-editor-page'),
  (m) => m.TemplateEditPage,
);
const TemplateViewPage = page(
  () => import('./template-editor-page'),
  (m) => m.TemplateViewPage,
);

const handle: RouteHandle = { crumb: 'templates', crumbTo: templateListPath('all') };

/**
 * The template routes of spec 2 §2.1 under the dashboard. `templates/create/:templateId`
 * (draft-create) and `templates/import/...` (import-template) belong to the drafts and imports
 * areas, which add their own routes beside these. The editor (edit, and view: the read-only
 * editor) has the side menu float and hide.
 */
export const templateRoutes: RouteObject[] = [
  { path: 'templates', handle, element: <Navigate to={templateListPath('all')} replace /> },
  { path: 'templates/list/:routeFilter', handle, element: <TemplateLibraryPage /> },
  { path: 'templates/add', handle, element: <TemplateAddPage /> },
  {
    path: 'templates/edit/:templateId',
    handle,
    element: (
      <EditorRoute>
        <TemplateEditPage />
      </EditorRoute>
    ),
  },
  {
    path: 'templates/view/:templateId',
    handle,
    element: (
      <EditorRoute>
        <TemplateViewPage />
      </EditorRoute>
    ),
  },
];
