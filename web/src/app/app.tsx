import { RouterProvider } from 'react-router';
import { Toaster } from '../ui/toaster';
import { AppProviders } from './providers';
import { router } from './router';
import { VersionWatcher } from './version-watcher';

export function App() {
  return (
    <AppProviders>
      <RouterProvider router={router} />
      <Toaster />
      <VersionWatcher />
    </AppProviders>
  );
}
