import CssBaseline from '@mui/material/CssBaseline';
import GlobalStyles from '@mui/material/GlobalStyles';
import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { prefersReducedMotion, theme } from './theme';

/** With reduced motion asked for, CSS animations (spinners' sweeps, skeletons' pulses) stand still. */
const stillAnimations = (
  <GlobalStyles
    styles={{
      '*, *::before, *::after': {
        animationDuration: '0s !important',
        animationIterationCount: '1 !important',
        transitionDuration: '0s !important',
      },
    }}
  />
);

/**
 * Pactum's MUI theme and its baseline styles, around the screens that use MUI. The sign-in
 * route is drawn by the plain kit (ui/plain) and loads none of this.
 */
export function MuiTheme({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {prefersReducedMotion() ? stillAnimations : null}
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
