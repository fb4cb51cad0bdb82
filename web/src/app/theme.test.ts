import { afterEach, describe, expect, it, vi } from 'vitest';

/*
 * Reduced motion: a person whose system asks for it gets dialogs, menus and drawers that appear
 * without sliding or fading, and buttons without ripples; everyone else keeps the animations.
 */

/** The theme as it loads on a system that does (or does not) ask for reduced motion. */
async function themeFor(reduce: boolean) {
  vi.resetModules();
  vi.stubGlobal('window', {
    matchMedia: (query: string) => ({
      matches: reduce && query === '(prefers-reduced-motion: reduce)',
      media: query,
    }),
  });
  return (await import('./theme')).theme;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the theme and reduced motion', () => {
  it('stills transitions and ripples when the system asks for reduced motion', async () => {
    const theme = await themeFor(true);
    expect(theme.transitions.duration.enteringScreen).toBe(0);
    expect(theme.transitions.duration.leavingScreen).toBe(0);
    expect(theme.transitions.create(['opacity'])).toBe('none');
    expect(theme.components?.MuiButtonBase?.defaultProps?.disableRipple).toBe(true);
  });

  it('keeps them otherwise', async () => {
    const theme = await themeFor(false);
    expect(theme.transitions.duration.enteringScreen).toBeGreaterThan(0);
    expect(theme.transitions.create(['opacity'])).not.toBe('none');
    expect(theme.components?.MuiButtonBase).toBeUndefined();
  });
});
