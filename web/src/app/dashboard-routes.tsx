import { type ComponentType, lazy, Suspense } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { archiveRoutes } from '../features/archive/routes';
import { dealRoutes } from '../features/deals/routes';
import { draftRoutes } from '../features/drafts/routes';
import { importRoutes } from '../features/imports/routes';
import { sendingRoutes } from '../features/sending/routes';
import { signingRoutes } from '../features/signing/routes';
import { templateRoutes } from '../features/templates/routes';
import { PageLoader } from '../ui/page-loader';
import type { RouteHandle } from '../ui/route-handle';
import { MuiTheme } from './mui-theme';
import { RouteErrorPage } from './route-error-page';

/**
 * A page loaded on demand: the first screen downloads only what it shows, and the sign-in
 * pages never pull in the dashboard.
 */
function page<M, P extends object = object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
) {
  return lazy(() => load().then((module) => ({ default: pick(module) })));
}

const NotFoundPage = page(
  () => import('../features/shell/not-found-page'),
  (m) => m.NotFoundPage,
);
const DashboardLayout = page(
  () => import('../features/shell/dashboard-layout'),
  (m) => m.DashboardLayout,
);
const DashboardHomePage = page(
  () => import('../features/dashboard/home-page'),
  (m) => m.DashboardHomePage,
);
const AccountPage = page(
  () => import('../features/account/account-page'),
  (m) => m.AccountPage,
);
const WorkspacesPage = page(
  () => import('../features/workspaces/workspaces-page'),
  (m) => m.WorkspacesPage,
);
const CreateWorkspacePage = page(
  () => import('../features/workspaces/create-workspace-page'),
  (m) => m.CreateWorkspacePage,
);
const EditWorkspacePage = page(
  () => import('../features/workspaces/edit-workspace-page'),
  (m) => m.EditWorkspacePage,
);
const VerifyPaymentPage = page(
  () => import('../features/workspaces/verify-payment-page'),
  (m) => m.VerifyPaymentPage,
);
const AdminLayout = page(
  () => import('../features/admin/admin-layout'),
  (m) => m.AdminLayout,
);
const AdminBillingPage = page(
  () => import('../features/admin/admin-billing-page'),
  (m) => m.AdminBillingPage,
);
const AdminBillingDetailPage = page(
  () => import('../features/admin/admin-billing-detail-page'),
  (m) => m.AdminBillingDetailPage,
);
const AdminUsersPage = page(
  () => import('../features/admin/admin-users-page'),
  (m) => m.AdminUsersPage,
);
const AdminUserPage = page(
  () => import('../features/admin/admin-user-page'),
  (m) => m.AdminUserPage,
);
const AdminDocumentsPage = page(
  () => import('../features/admin/admin-documents-page'),
  (m) => m.AdminDocumentsPage,
);
const AdminDocumentPage = page(
  () => import('../features/admin/admin-document-page'),
  (m) => m.AdminDocumentPage,
);
const AdminEventsPage = page(
  () => import('../features/admin/admin-events-page'),
  (m) => m.AdminEventsPage,
);

const handle = (crumb: RouteHandle['crumb'], crumbTo?: string): RouteHandle => ({
  crumb,
  crumbTo,
});

const dashboardRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="home" replace /> },
  { path: 'home', element: <DashboardHomePage /> },
  { path: 'account/my', handle: handle('account'), element: <AccountPage /> },
  { path: 'account/billing', element: <Navigate to="/dashboard/account/workspace" replace /> },
  ...archiveRoutes,
  {
    // Spec 3 §2.5: workspaces (billing accounts) and their pages.
    path: 'account/workspace',
    handle: handle('workspaces'),
    children: [
      { index: true, element: <WorkspacesPage /> },
      { path: 'create', handle: handle('orderWorkspace'), element: <CreateWorkspacePage /> },
      { path: 'edit/:accountId', handle: handle('workspace'), element: <EditWorkspacePage /> },
      {
        path: 'verify/:accountId',
        handle: handle('paymentVerification'),
        element: <VerifyPaymentPage />,
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  ...importRoutes,
  ...templateRoutes,
  ...draftRoutes,
  ...sendingRoutes,
  ...dealRoutes,
  ...signingRoutes,
  // The document lists are `documents/<group>` (dealRoutes); the bare address opens the first.
  { path: 'documents', element: <Navigate to="negotiate" replace /> },
  {
    // Spec 3 §2.7: /admin opens the billing list. The layout shows the area's sections to
    // product admins and tells anyone else the pages are not theirs (the server answers 403).
    path: 'admin',
    handle: handle('admin'),
    element: <AdminLayout />,
    children: [
      {
        path: 'billing',
        handle: handle('billingAccounts'),
        children: [
          { index: true, element: <AdminBillingPage /> },
          {
            path: ':accountId',
            handle: handle('billingAccount'),
            element: <AdminBillingDetailPage />,
          },
        ],
      },
      {
        path: 'users',
        handle: handle('adminUsers'),
        children: [
          { index: true, element: <AdminUsersPage /> },
          { path: ':userId', handle: handle('adminUser'), element: <AdminUserPage /> },
        ],
      },
      {
        path: 'documents',
        handle: handle('adminDocuments'),
        children: [
          { index: true, element: <AdminDocumentsPage /> },
          {
            path: ':kind/:documentId',
            handle: handle('adminDocument'),
            element: <AdminDocumentPage />,
          },
        ],
      },
      { path: 'events', handle: handle('adminEvents'), element: <AdminEventsPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  { path: '*', element: <NotFoundPage /> },
];

/**
 * `/dashboard` and everything under it. The router adds it when a navigation first reaches
 * the dashboard (`patchRoutesOnNavigation` in router.tsx), so the public pages' first load
 * carries none of the dashboard's routes.
 */
export const dashboardRoute: RouteObject = {
  path: 'dashboard',
  handle: handle('dashboard', '/dashboard/home'),
  element: (
    <MuiTheme>
      <Suspense fallback={<PageLoader />}>
        <DashboardLayout />
      </Suspense>
    </MuiTheme>
  ),
  errorElement: <RouteErrorPage />,
  // A first load under /dashboard finishes adding these routes before the page renders.
  hydrateFallbackElement: <PageLoader />,
  children: [{ errorElement: <RouteErrorPage />, children: dashboardRoutes }],
};
