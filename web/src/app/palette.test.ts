import { decomposeColor, getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import plainCss from '../ui/plain/plain.css?raw';
import { theme } from './theme';

/*
 * Contrast at the source: each palette colour that carries text (links, outlined buttons and
 * chips, tabs) reaches WCAG AA's 4.5:1 on white paper and on the page's background, and so does
 * the text MUI writes on it when it is filled. The secondary grey too, which is translucent.
 */

const AA = 4.5;
const { palette } = theme;
const surfaces = { paper: palette.background.paper, page: palette.background.default };

/** A translucent colour as it shows on an opaque surface. */
function over(color: string, surface: string): string {
  const top = decomposeColor(color);
  const [alpha = 1] = top.values.slice(3);
  const below = decomposeColor(surface).values;
  const mixed = [0, 1, 2].map((i) =>
    Math.round((top.values[i] ?? 0) * alpha + (below[i] ?? 0) * (1 - alpha)),
  );
  return `rgb(${mixed.join(', ')})`;
}

describe('the palette', () => {
  const colours = ['primary', 'secondary', 'error', 'warning', 'info', 'success'] as const;

  it.each(colours)('%s reads on paper and on the page, and its filled text on it', (name) => {
    const { main, contrastText } = palette[name];
    for (const surface of Object.values(surfaces)) {
      expect(getContrastRatio(main, surface)).toBeGreaterThanOrEqual(AA);
    }
    expect(getContrastRatio(contrastText, main)).toBeGreaterThanOrEqual(AA);
  });

  it('the secondary text reads on paper and on the page', () => {
    for (const surface of Object.values(surfaces)) {
      const text = over(palette.text.secondary, surface);
      expect(getContrastRatio(text, surface)).toBeGreaterThanOrEqual(AA);
    }
  });

  it("the sign-in route's plain kit uses the theme's pink", () => {
    const value = (name: string) =>
      plainCss.match(new RegExp(`--${name}:\\s*([^;]+);`))?.[1]?.trim();
    const rgb = (color: string | undefined) => decomposeColor(color ?? '').values.slice(0, 3);
    expect(rgb(value('pl-primary'))).toEqual(rgb(palette.primary.main));
    expect(rgb(value('pl-primary-dark'))).toEqual(rgb(palette.primary.dark));
  });
});
