import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { SignatureFont } from '@pactum/core/signing';
import fontkit, { type Font, type GlyphRun } from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';
import { woffToSfnt } from './woff';

/*
 * Fonts come from the @fontsource packages (the same files the web app self-hosts). Each
 * package is split by Unicode range (latin, latin-ext, cyrillic, greek...), so a "face" here is
 * a chain of those files: every character is drawn with the first file that has its glyph.
 * Files are read, converted from WOFF to plain TrueType (`woff.ts`) and parsed once per
 * process; every document embeds from that one parsed font (`sharedFontkit`), which also
 * remembers the shaping of the texts it measured and drew. A file is embedded into a PDF
 * (subset) only when the document uses a character from it.
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

/**
 * One font file, read and parsed on first use (a face lists every Unicode range, a document
 * mostly needs the first). `bytes` is its TrueType form, which every document embeds from.
 */
export type FontFile = {
  key: string;
  readonly bytes: Uint8Array;
  /** The parsed font shared by all documents. */
  readonly font: Font;
  hasGlyph(codePoint: number): boolean;
};

const fileCache = new Map<string, FontFile | null>();
/** The parsed font of each file's bytes, for `sharedFontkit`. */
const parsedFonts = new WeakMap<Uint8Array, Font>();

/**
 * Shaped texts kept per font. Contract text repeats its words and lines (each is measured for
 * wrapping, then drawn); cleared when full, so a process never holds more than this.
 */
const MAX_SHAPED_TEXTS = 20_000;

/**
 * The OpenType positioning features (GPOS: kerning, mark placement). pdf-lib reads only the
 * glyphs of a shaped text, never their positions (it draws and measures by advance widths), so
 * positioning, half the cost of shaping, is left out. The glyphs are the same without it.
 */
const POSITIONING_OFF = {
  kern: false,
  mark: false,
  mkmk: false,
  curs: false,
  dist: false,
  abvm: false,
  blwm: false,
};

/**
 * The font with `layout` (OpenType shaping, the costly part of drawing text) remembered per
 * text, without positioning. pdf-lib calls it for each width it measures and each text it
 * draws; a run it gets is only read, and the glyphs in it are the font's own cached glyphs.
 */
function withShapingCache(font: Font): Font {
  const layout = font.layout.bind(font);
  const shaped = new Map<string, GlyphRun>();
  font.layout = (text, features) => {
    if (features !== undefined) return layout(text, features);
    let run = shaped.get(text);
    if (!run) {
      if (shaped.size >= MAX_SHAPED_TEXTS) shaped.clear();
      run = layout(text, POSITIONING_OFF);
      shaped.set(text, run);
    }
    return run;
  };
  return font;
}

/**
 * What documents parse embedded fonts with: our files' fonts come parsed already (their
 * subsets are still made per document by pdf-lib); any other bytes are parsed as usual.
 */
const sharedFontkit = {
  create(bytes: Uint8Array, postscriptName?: string): Font {
    return parsedFonts.get(bytes) ?? fontkit.create(bytes, postscriptName);
  },
};

function loadFontFile(pkg: string, subset: string, weight: number, style: 'normal' | 'italic') {
  const name = `${pkg}-${subset}-${weight}-${style}.woff`;
  const key = `${pkg}/${name}`;
  if (fileCache.has(key)) return fileCache.get(key) ?? null;
  let filePath: string | undefined;
  try {
    filePath = require.resolve(`@fontsource/${pkg}/files/${name}`);
  } catch {
    filePath = undefined; // this package has no such subset
  }
  const file = filePath ? lazyFontFile(key, filePath) : null;
  fileCache.set(key, file);
  return file;
}

function lazyFontFile(key: string, filePath: string): FontFile {
  let loaded: { bytes: Uint8Array; font: Font } | undefined;
  const load = () => {
    if (!loaded) {
      const bytes = woffToSfnt(new Uint8Array(fs.readFileSync(filePath)));
      const font = withShapingCache(fontkit.create(bytes));
      parsedFonts.set(bytes, font);
      loaded = { bytes, font };
    }
    return loaded;
  };
  return {
    key,
    get bytes() {
      return load().bytes;
    },
    get font() {
      return load().font;
    },
    hasGlyph: (codePoint) => load().font.hasGlyphForCodePoint(codePoint),
  };
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
    doc.registerFontkit(sharedFontkit);
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
