import { createTheme } from '@mui/material/styles';

/**
 * Whether the person asked their system for less motion. Read once when the theme loads, as the
 * setting rarely changes while a page is open.
 */
export function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

const stillness = prefersReducedMotion();

/**
 * Pactum's look: the brand pink on a calm, light background. Every colour that carries text is
 * dark enough for WCAG AA (4.5:1) on white and on the page's background, and so is the white
 * text on it (`palette.test.ts`); MUI's own orange and light blue are not, so both are darker
 * here. The plain kit of the sign-in route (`ui/plain/plain.css`) repeats the pink. With reduced
 * motion asked for,
 * dialogs, menus and drawers appear without sliding or fading, and buttons without ripples.
 */
export const theme = createTheme({
  palette: {
    primary: { main: '#cc1672' },
    warning: { main: '#b45309' },
    info: { main: '#01689e' },
    background: { default: '#f6f7f9' },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: 'Roboto, system-ui, -apple-system, "Segoe UI", "Helvetica Neue", Arial, sans-serif',
    button: { textTransform: 'none', fontWeight: 600 },
  },
  ...(stillness
    ? {
        transitions: {
          create: () => 'none',
          duration: {
            shortest: 0,
            shorter: 0,
            short: 0,
            standard: 0,
            complex: 0,
            enteringScreen: 0,
            leavingScreen: 0,
          },
        },
      }
    : {}),
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
    ...(stillness ? { MuiButtonBase: { defaultProps: { disableRipple: true } } } : {}),
  },
});
