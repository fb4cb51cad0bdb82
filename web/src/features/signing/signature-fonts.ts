import { type SignatureFont, signatureFontNames } from '@pactum/core/signing';

/*
 * The signature fonts, self-hosted from @fontsource. Each font's CSS is imported on demand,
 * so the fonts are fetched only when the sign dialog (or a signature) shows them.
 */
const loaders: Record<SignatureFont, () => Promise<unknown>> = {
  'bad-script': () => import('@fontsource/bad-script/400.css'),
  'cedarville-cursive': () => import('@fontsource/cedarville-cursive/400.css'),
  'dancing-script': () => import('@fontsource/dancing-script/400.css'),
  'dr-sugiyama': () => import('@fontsource/dr-sugiyama/400.css'),
  'gloria-hallelujah': () => import('@fontsource/gloria-hallelujah/400.css'),
  kalam: () => import('@fontsource/kalam/400.css'),
  'la-belle-aurore': () => import('@fontsource/la-belle-aurore/400.css'),
  montez: () => import('@fontsource/montez/400.css'),
  'mr-bedfort': () => import('@fontsource/mr-bedfort/400.css'),
  'over-the-rainbow': () => import('@fontsource/over-the-rainbow/400.css'),
  'shadows-into-light': () => import('@fontsource/shadows-into-light/400.css'),
};

const loaded = new Map<SignatureFont, Promise<unknown>>();

/** Loads the fonts' CSS (once each). */
export function loadSignatureFonts(fonts: readonly SignatureFont[]): Promise<unknown> {
  return Promise.all(
    fonts.map((font) => {
      const existing = loaded.get(font);
      if (existing) return existing;
      const loading = loaders[font]().catch(() => undefined);
      loaded.set(font, loading);
      return loading;
    }),
  );
}

/** The CSS font-family of a signature font, with a cursive fallback. */
export const signatureFontFamily = (font: SignatureFont) =>
  `'${signatureFontNames[font]}', cursive`;
