import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { EditorRoute } from '../../ui/drawer-control';
import type { RouteHandle } from '../../ui/route-handle';

const ImportUploadPage = lazy(() =>
  import('./import-upload-page').then((m) => ({ default: m.ImportUploadPage })),
);
const ImportWizardPage = lazy(() =>
  import('./import-wizard-page').then((m) => ({ default: m.ImportWizardPage })),
);

const handle: RouteHandle = { crumb: 'templates', crumbTo: '/dashboard/templates/list/all' };

/**
 * Word import (spec 2 §2.1): `templates/import` uploads a .docx, `templates/import/:importId`
 * (import-template) is the wizard. Spread into the dashboard routes before the templates'.
 */
export const importRoutes: RouteObject[] = [
  { path: 'templates/import', handle, element: <ImportUploadPage /> },
  {
    path: 'templates/import/:importId',
    handle,
    // The wizard edits the imported sections: an editor route, the drawer floats and hides.
    element: (
      <EditorRoute>
        <ImportWizardPage />
      </EditorRoute>
    ),
  },
];
