import { lazy } from 'react';
import { createBrowserRouter } from 'react-router';
import { PublicLayout } from './public-layout';
import { RouteErrorPage } from './route-error-page';

// Pages load on demand so that the first screen downloads only the shell.
const HomePage = lazy(() =>
  import('../features/shell/home-page').then((module) => ({ default: module.HomePage })),
);
const LoginPage = lazy(() =>
  import('../features/auth/login-page').then((module) => ({ default: module.LoginPage })),
);
const NotFoundPage = lazy(() =>
  import('../features/shell/not-found-page').then((module) => ({ default: module.NotFoundPage })),
);

export const router = createBrowserRouter([
  {
    element: <PublicLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        // Keeps the app bar around a failing page.
        errorElement: <RouteErrorPage />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'login', element: <LoginPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);
