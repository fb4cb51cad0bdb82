import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { theme } from './theme';

/**
 * Pactum's MUI theme and its baseline styles, around the screens that use MUI. The sign-in
 * route is drawn by the plain kit (ui/plain) and loads none of this.
 */
export function MuiTheme({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}

/** A layout route that gives its child routes the theme (loaded with the first of them). */
export function ThemedOutlet() {
  return (
    <MuiTheme>
      <Outlet />
    </MuiTheme>
  );
}
