import { type ComponentType, lazy } from 'react';
import { createBrowserRouter, Navigate, type RouteObject, useLocation } from 'react-router';
import { PageLoader } from '../ui/page-loader';
import { loadAllMessages } from './i18n';
import { PublicLayout } from './public-layout';
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

const StartPage = page(
  () => import('../features/auth/start-page'),
  (m) => m.StartPage,
);
const LoginPage = page(
  () => import('../features/auth/login-page'),
  (m) => m.LoginPage,
);
const SignupPage = page(
  () => import('../features/auth/signup-page'),
  (m) => m.SignupPage,
);
const SsoSignupPage = page(
  () => import('../features/auth/sso-signup-page'),
  (m) => m.SsoSignupPage,
);
const SsoCompletePage = page(
  () => import('../features/auth/sso-complete-page'),
  (m) => m.SsoCompletePage,
);
const VerifyEmailPage = page(
  () => import('../features/auth/verify-email-page'),
  (m) => m.VerifyEmailPage,
);
const InvitePage = page(
  () => import('../features/auth/invite-page'),
  (m) => m.InvitePage,
);
const UnsubscribePage = page(
  () => import('../features/notifications/unsubscribe-page'),
  (m) => m.UnsubscribePage,
);
/** The MUI theme around the public pages that use MUI (all but the sign-in and start pages). */
const ThemedOutlet = page(
  () => import('./mui-theme'),
  (m) => m.ThemedOutlet,
);
const WipPage = page(
  () => import('../features/shell/wip-page'),
  (m) => m.WipPage,
);
const NotFoundPage = page(
  () => import('../features/shell/not-found-page'),
  (m) => m.NotFoundPage,
);
/**
 * Spec 3 §2.7: `/admin` is the admin area's short address, and its sections' too (`/admin/users`
 * is `/dashboard/admin/users`, query kept). Only the address changes: whoever opens it gets what
 * `/dashboard/admin` shows them, and the server decides what that is.
 */
function ToAdminArea() {
  const { pathname, search } = useLocation();
  // A navigation after the first render, not a loader's redirect: on a first load the redirect
  // raced the fetch of the dashboard's routes and could leave the page blank.
  return <Navigate to={`/dashboard${pathname}${search}`} replace />;
}

let dashboardRoute: Promise<RouteObject> | undefined;
let isDashboardAdded = false;

export const router = createBrowserRouter(
  [
    {
      element: <PublicLayout />,
      errorElement: <RouteErrorPage />,
      // Shown while the router fetches the dashboard's routes on a first load under /dashboard.
      hydrateFallbackElement: <PageLoader />,
      children: [
        {
          // Keeps the app bar around a failing page.
          errorElement: <RouteErrorPage />,
          children: [
            // Drawn by the plain kit: the sign-in route loads no MUI (issue 20).
            { index: true, element: <StartPage /> },
            { path: 'login', element: <LoginPage /> },
            { path: 'sso/complete', element: <SsoCompletePage /> },
            { path: 'admin/*', element: <ToAdminArea /> },
            {
              element: <ThemedOutlet />,
              children: [
                { path: 'signup', element: <SignupPage /> },
                { path: 'sso/signup', element: <SsoSignupPage /> },
                { path: 'verify/email', element: <VerifyEmailPage /> },
                { path: 'document/invite/:inviteId', element: <InvitePage kind="invite" /> },
                { path: 'document/sign/:signerShortId', element: <InvitePage kind="sign" /> },
                { path: 'unsubscribe', element: <UnsubscribePage /> },
                { path: 'wip-page', element: <WipPage /> },
                { path: '*', element: <NotFoundPage /> },
              ],
            },
          ],
        },
      ],
    },
  ],
  {
    // The dashboard's routes come in their own chunk the first time a path under /dashboard is
    // opened (until then such a path matches only the public catch-all, which asks for them).
    async patchRoutesOnNavigation({ path, patch, signal }) {
      if (isDashboardAdded || !/^\/dashboard(\/|$)/.test(path)) return;
      dashboardRoute ??= import('./dashboard-routes').then((module) => module.dashboardRoute);
      // The dashboard's pages use the rest of the messages: they come with its routes.
      const [route] = await Promise.all([dashboardRoute, loadAllMessages()]);
      // A navigation replaced meanwhile (a redirect right after signing in) patches nothing: the
      // one that replaced it adds the routes. Navigations that waited together add them once.
      if (isDashboardAdded || signal.aborted) return;
      patch(null, [route]);
      isDashboardAdded = true;
    },
  },
);
