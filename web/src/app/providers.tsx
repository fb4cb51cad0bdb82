import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from './i18n';
import { queryClient } from './query-client';

/**
 * Everything every screen relies on: texts and server state. MUI's theme comes with the
 * screens that use it (app/mui-theme.tsx), so the sign-in route loads no MUI.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </I18nextProvider>
  );
}
