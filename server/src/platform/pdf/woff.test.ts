import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { DocumentFonts, textFace } from './fonts';
import { isWoff, woffToSfnt } from './woff';

const require = createRequire(import.meta.url);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pactum-woff-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const woffOf = (name: string) =>
  new Uint8Array(fs.readFileSync(require.resolve(`@fontsource/${name}`)));

const SAMPLE = 'Sopimus – Åland Sjöfart Ab: 12 000 € (fi, fl, ffi) “quoted”';

describe('WOFF to TrueType', () => {
  const woff = woffOf('noto-sans/files/noto-sans-latin-400-normal.woff');
  const sfnt = woffToSfnt(woff);

  it('gives the same font: glyphs, characters, widths and outlines', () => {
    expect(isWoff(woff)).toBe(true);
    expect(isWoff(sfnt)).toBe(false);
    const fromWoff = fontkit.create(woff);
    const fromSfnt = fontkit.create(sfnt);
    expect(fromSfnt.numGlyphs).toBe(fromWoff.numGlyphs);
    expect(fromSfnt.numGlyphs).toBeGreaterThan(100);
    expect(fromSfnt.characterSet).toEqual(fromWoff.characterSet);
    expect(fromSfnt.postscriptName).toBe(fromWoff.postscriptName);
    const glyphs = (font: typeof fromWoff) =>
      font.layout(SAMPLE).glyphs.map((glyph) => ({
        id: glyph.id,
        advance: glyph.advanceWidth,
        path: glyph.path.toSVG(),
      }));
    expect(glyphs(fromSfnt)).toEqual(glyphs(fromWoff));
  });

  it('embeds in a PDF whose text reads back', async () => {
    const doc = await PDFDocument.create();
    doc.registerFontkit(fontkit);
    const font = await doc.embedFont(sfnt, { subset: true });
    doc.addPage().drawText(SAMPLE, { x: 40, y: 700, size: 12, font });
    const file = path.join(tmp, 'sample.pdf');
    fs.writeFileSync(file, await doc.save());
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
    expect(text.replace(/\s+/g, ' ').trim()).toBe(SAMPLE);
  });

  it('refuses a file that is not WOFF or is cut short', () => {
    expect(() => woffToSfnt(sfnt)).toThrow('Not a WOFF 1.0 font');
    expect(() => woffToSfnt(woff.subarray(0, 40))).toThrow();
    expect(() => woffToSfnt(woff.subarray(0, Math.floor(woff.length / 2)))).toThrow();
  });
});

describe('the fonts a document draws with', () => {
  it('measure and encode text as the WOFF file itself would', async () => {
    // Our shared, converted font (shaped without positioning, remembered per text)...
    const ours = await PDFDocument.create();
    const fonts = new DocumentFonts(ours);
    const face = textFace('sans');
    await fonts.prepare(face, SAMPLE);
    const [segment, ...others] = fonts.segments(face, SAMPLE);
    expect(others).toEqual([]);
    // ...against pdf-lib's own embedding of the original file.
    const plain = await PDFDocument.create();
    plain.registerFontkit(fontkit);
    const original = await plain.embedFont(
      woffOf('noto-sans/files/noto-sans-latin-400-normal.woff'),
      {
        subset: true,
      },
    );
    for (const text of [SAMPLE, 'fi', 'Mäntyä ja kuusta', SAMPLE]) {
      expect(fonts.widthOf(face, text, 11)).toBeCloseTo(original.widthOfTextAtSize(text, 11), 6);
      expect(segment?.font.encodeText(text).toString()).toBe(original.encodeText(text).toString());
    }
  });
});
