import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { SignatureFont } from '@pactum/core/signing';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';

/*
 * Fonts come from the @fontsource packages (the same files the web app self-hosts). Each
 * package is split by Unicode range (latin, latin-ext, cyrillic, greek...), so a "face" here is
 * a chain of those files: every character is drawn with the first file that has its glyph.
 * Files are read and parsed once per process; a file is embedded into a PDF (subset) only
 * when the document uses a character from it.
 */

const require = createRequire(import.meta.url);

/** Unicode ranges we embed for text, in order of preference. */
const textSubsets = [
  'latin',
  'latin-ext',
  'cyrillic',
  'cyrillic-ext',
  'greek',
  'greek-ext',
  'vietnamese',
];

type FontFile = { key: string; bytes: Uint8Array; hasGlyph(codePoint: number): boolean };

const fileCache = new Map<string, FontFile | null>();

function loadFontFile(pkg: string, subset: string, weight: number, style: 'normal' | 'italic') {
  const name = `${pkg}-${subset}-${weight}-${style}.woff`;
  const key = `${pkg}/${name}`;
  if (fileCache.has(key)) return fileCache.get(key) ?? null;
  let file: FontFile | null = null;
  try {
    const filePath = require.resolve(`@fontsource/${pkg}/files/${name}`);
    const bytes = new Uint8Array(fs.readFileSync(filePath));
    const parsed = fontkit.create(bytes);
    file = { key, bytes, hasGlyph: (codePoint) => parsed.hasGlyphForCodePoint(codePoint) };
  } catch {
    file = null; // this package has no such subset
  }
  fileCache.set(key, file);
  return file;
}

/** A chain of font files drawn as one face. */
export type FaceSpec = { files: FontFile[] };

const faceCache = new Map<string, FaceSpec>();

/** One face object per font and style, so runs can be compared by identity. */
function faceSpec(pkg: string, weight: number, style: 'normal' | 'italic', subsets = textSubsets) {
  const key = `${pkg}:${weight}:${style}:${subsets.join(',')}`;
  const cached = faceCache.get(key);
  if (cached) return cached;
  const face = buildFace(pkg, weight, style, subsets);
  faceCache.set(key, face);
  return face;
}

function buildFace(pkg: string, weight: number, style: 'normal' | 'italic', subsets: string[]) {
  const files = subsets
    .map((subset) => loadFontFile(pkg, subset, weight, style))
    .filter((file): file is FontFile => file !== null);
  if (files.length === 0) throw new Error(`No font files for ${pkg} ${weight} ${style}`);
  return { files };
}

export type TextStyle = { isBold?: boolean; isItalic?: boolean };
export type FamilyName = 'serif' | 'sans';

const familyPackages: Record<FamilyName, string> = { serif: 'noto-serif', sans: 'noto-sans' };

export function textFace(family: FamilyName, style: TextStyle = {}): FaceSpec {
  return faceSpec(
    familyPackages[family],
    style.isBold ? 700 : 400,
    style.isItalic ? 'italic' : 'normal',
  );
}

/** A signature font, falling back to Noto Serif italic for characters it lacks. */
export function signatureFace(font: SignatureFont): FaceSpec {
  const cached = faceCache.get(`signature:${font}`);
  if (cached) return cached;
  const own = faceSpec(font, 400, 'normal', [
    'latin',
    'latin-ext',
    'cyrillic',
    'cyrillic-ext',
    'vietnamese',
  ]);
  const face = { files: [...own.files, ...textFace('serif', { isItalic: true }).files] };
  faceCache.set(`signature:${font}`, face);
  return face;
}

/** A piece of text drawn with one embedded font. */
export type Segment = { text: string; font: PDFFont };

/**
 * The fonts embedded in one PDF document. `segments` splits text into runs by the font file
 * that has each character; characters no file has become '?'.
 */
export class DocumentFonts {
  private readonly embedded = new Map<string, Promise<PDFFont>>();
  private readonly ready = new Map<string, PDFFont>();

  constructor(private readonly doc: PDFDocument) {
    doc.registerFontkit(fontkit);
  }

  /** Embeds every file of `face` the text needs; call before `segments` with that text. */
  async prepare(face: FaceSpec, text: string): Promise<void> {
    const needed = new Set<FontFile>();
    for (const char of text) {
      const file = pickFile(face, char);
      if (file) needed.add(file);
    }
    needed.add(face.files[0] as FontFile); // '?' and spaces
    await Promise.all(
      [...needed].map(async (file) => {
        let pending = this.embedded.get(file.key);
        if (!pending) {
          pending = this.doc.embedFont(file.bytes, { subset: true });
          this.embedded.set(file.key, pending);
        }
        this.ready.set(file.key, await pending);
      }),
    );
  }

  segments(face: FaceSpec, text: string): Segment[] {
    const result: Segment[] = [];
    for (const raw of text) {
      const file = pickFile(face, raw) ?? (face.files[0] as FontFile);
      const char = pickFile(face, raw) ? raw : '?';
      const font = this.ready.get(file.key);
      if (!font) throw new Error(`Font ${file.key} not prepared`);
      const last = result.at(-1);
      if (last && last.font === font) last.text += char;
      else result.push({ text: char, font });
    }
    return result;
  }

  widthOf(face: FaceSpec, text: string, size: number): number {
    return this.segments(face, text).reduce(
      (width, segment) => width + segment.font.widthOfTextAtSize(segment.text, size),
      0,
    );
  }
}

function pickFile(face: FaceSpec, char: string): FontFile | undefined {
  const codePoint = char.codePointAt(0) ?? 0x3f;
  // Whitespace is drawn with the first file; line breaks never reach the drawing.
  if (codePoint === 0x20) return face.files[0];
  return face.files.find((file) => file.hasGlyph(codePoint));
}
