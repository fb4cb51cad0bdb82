import { type PDFDocument, type PDFPage, rgb } from 'pdf-lib';
import type { DocumentFonts, FaceSpec, FamilyName } from './fonts';
import { textFace } from './fonts';
import type { Block, Run } from './html-blocks';

/*
 * A small flowing layout on A4: paragraphs of styled runs wrapped to the width, page breaks
 * when a line does not fit, simple tables. Everything is measured with the embedded fonts, so
 * what is drawn is what was measured.
 */

export type Color = ReturnType<typeof rgb>;

export const A4: [number, number] = [595.28, 841.89];
const MARGIN = { top: 64, bottom: 64, left: 64, right: 64 };
export const INK = rgb(0.11, 0.11, 0.13);
export const MUTED = rgb(0.42, 0.42, 0.46);
export const RULE = rgb(0.78, 0.78, 0.8);

/** A run with everything needed to draw it. */
export type StyledRun = {
  text: string;
  face: FaceSpec;
  size: number;
  color: Color;
  isUnderline?: boolean;
};

type Piece = StyledRun & { width: number };
type Line = { pieces: Piece[]; width: number; height: number };

export type ParagraphOptions = {
  /** Left indent in points, from the margin. */
  indent?: number;
  /** Drawn in the indent before the first line. */
  marker?: StyledRun;
  markerWidth?: number;
  lineHeight?: number;
  spaceBefore?: number;
  spaceAfter?: number;
  /** Keep this many points of the following content on the same page (headings). */
  keepWithNext?: number;
  width?: number;
  align?: 'left' | 'center';
};

export class PdfWriter {
  page!: PDFPage;
  y = 0;
  /** Pages this writer added (footers are drawn on these only). */
  readonly pages: PDFPage[] = [];

  constructor(
    readonly doc: PDFDocument,
    readonly fonts: DocumentFonts,
  ) {}

  get left() {
    return MARGIN.left;
  }

  get contentWidth() {
    return A4[0] - MARGIN.left - MARGIN.right;
  }

  newPage() {
    this.page = this.doc.addPage(A4);
    this.pages.push(this.page);
    this.y = A4[1] - MARGIN.top;
  }

  /** Starts a new page unless `height` points still fit on this one. */
  ensureSpace(height: number) {
    if (this.pages.length === 0 || this.y - height < MARGIN.bottom) this.newPage();
  }

  moveDown(points: number) {
    this.y -= points;
  }

  rule(color = RULE) {
    this.ensureSpace(12);
    this.moveDown(6);
    this.page.drawLine({
      start: { x: this.left, y: this.y },
      end: { x: this.left + this.contentWidth, y: this.y },
      thickness: 0.6,
      color,
    });
    this.moveDown(6);
  }

  /** Lays out and draws runs as one wrapped paragraph. */
  async paragraph(runs: StyledRun[], options: ParagraphOptions = {}) {
    await this.prepare(runs);
    if (options.marker) await this.prepare([options.marker]);
    const indent = options.indent ?? 0;
    const width = (options.width ?? this.contentWidth) - indent;
    const lines = this.wrap(runs, width, options.lineHeight);
    const spaceBefore = options.spaceBefore ?? 0;
    if (lines.length === 0) {
      this.moveDown(spaceBefore + (options.spaceAfter ?? 0));
      return;
    }
    const firstHeight = (lines[0] as Line).height;
    this.ensureSpace(spaceBefore + firstHeight + (options.keepWithNext ?? 0));
    if (this.y < A4[1] - MARGIN.top) this.moveDown(spaceBefore);
    lines.forEach((line, index) => {
      this.ensureSpace(line.height);
      this.moveDown(line.height);
      const baseline = this.y + line.height * 0.25;
      let x = this.left + indent;
      if (options.align === 'center') x += (width - line.width) / 2;
      if (index === 0 && options.marker) {
        const markerWidth = options.markerWidth ?? 14;
        this.drawRun(options.marker, x - markerWidth, baseline);
      }
      for (const piece of line.pieces) {
        this.drawRun(piece, x, baseline);
        x += piece.width;
      }
    });
    this.moveDown(options.spaceAfter ?? 0);
  }

  /** Draws a run at a position (no wrapping); returns its width. */
  drawRun(run: StyledRun, x: number, baseline: number, page = this.page): number {
    let cursor = x;
    for (const segment of this.fonts.segments(run.face, run.text)) {
      page.drawText(segment.text, {
        x: cursor,
        y: baseline,
        size: run.size,
        font: segment.font,
        color: run.color,
      });
      cursor += segment.font.widthOfTextAtSize(segment.text, run.size);
    }
    if (run.isUnderline && run.text.trim() !== '') {
      page.drawLine({
        start: { x, y: baseline - run.size * 0.12 },
        end: { x: cursor, y: baseline - run.size * 0.12 },
        thickness: run.size * 0.05,
        color: run.color,
      });
    }
    return cursor - x;
  }

  async prepare(runs: StyledRun[]) {
    for (const run of runs) await this.fonts.prepare(run.face, run.text);
  }

  width(run: StyledRun): number {
    return this.fonts.widthOf(run.face, run.text, run.size);
  }

  /** Splits runs into lines no wider than `width`; '\n' breaks a line. */
  wrap(runs: StyledRun[], width: number, lineHeight?: number): Line[] {
    const lines: Line[] = [];
    let current: Line = { pieces: [], width: 0, height: 0 };
    const heightOf = (run: StyledRun) => lineHeight ?? run.size * 1.45;
    const finish = () => {
      // Trailing spaces do not count against the width.
      const last = current.pieces.at(-1);
      if (last) {
        const trimmed = last.text.replace(/ +$/, '');
        if (trimmed !== last.text) {
          const newWidth = this.width({ ...last, text: trimmed });
          current.width -= last.width - newWidth;
          last.text = trimmed;
          last.width = newWidth;
        }
      }
      lines.push(current);
      current = { pieces: [], width: 0, height: 0 };
    };
    for (const run of runs) {
      const parts = run.text.split('\n');
      parts.forEach((part, partIndex) => {
        if (partIndex > 0) {
          if (current.height === 0) current.height = heightOf(run);
          finish();
        }
        for (const word of part.match(/[^ ]+ *| +/g) ?? []) {
          // The word and its trailing spaces are measured apart: each text is shaped once.
          const trimmed = word.trimEnd();
          const wordWidth = trimmed === '' ? 0 : this.width({ ...run, text: trimmed });
          const spaces = word.slice(trimmed.length);
          const spaceWidth = spaces === '' ? 0 : this.width({ ...run, text: spaces });
          let piece: Piece = { ...run, text: word, width: wordWidth + spaceWidth };
          if (current.width + wordWidth > width && current.pieces.length > 0) {
            finish();
            if (word.trim() === '') continue;
          }
          // A word longer than the line is broken by characters.
          while (piece.width > width && [...piece.text].length > 1) {
            const chars = [...piece.text];
            let cut = chars.length - 1;
            while (
              cut > 1 &&
              this.width({ ...run, text: chars.slice(0, cut).join('') }) > width - current.width
            )
              cut--;
            const head = chars.slice(0, cut).join('');
            const headWidth = this.width({ ...run, text: head });
            current.pieces.push({ ...run, text: head, width: headWidth });
            current.width += headWidth;
            current.height = Math.max(current.height, heightOf(run));
            finish();
            const rest = chars.slice(cut).join('');
            piece = { ...run, text: rest, width: this.width({ ...run, text: rest }) };
          }
          const last = current.pieces.at(-1);
          if (last && sameStyle(last, piece)) {
            last.text += piece.text;
            last.width += piece.width;
          } else current.pieces.push(piece);
          current.width += piece.width;
          current.height = Math.max(current.height, heightOf(run));
        }
      });
    }
    if (current.pieces.length > 0) finish();
    return lines;
  }

  /** A simple table: equal columns, wrapped cell text, thin borders, rows kept whole. */
  async table(rows: StyledRun[][][], options: { indent?: number } = {}) {
    const columns = Math.max(1, ...rows.map((row) => row.length));
    const indent = options.indent ?? 0;
    const columnWidth = (this.contentWidth - indent) / columns;
    const padding = 4;
    for (const row of rows) {
      for (const cell of row) await this.prepare(cell);
      const cellLines = row.map((cell) => this.wrap(cell, columnWidth - padding * 2));
      const height =
        Math.max(
          12,
          ...cellLines.map((lines) => lines.reduce((sum, line) => sum + line.height, 0)),
        ) +
        padding * 2;
      if (height > A4[1] - MARGIN.top - MARGIN.bottom) {
        // A row taller than a page (a layout table full of text): its cells flow as
        // paragraphs instead, so nothing is cut off.
        for (const cell of row) {
          await this.paragraph(cell, { indent: indent + padding, spaceAfter: 4 });
        }
        this.rule();
        continue;
      }
      this.ensureSpace(height);
      const top = this.y;
      for (let column = 0; column < columns; column++) {
        const x = this.left + indent + column * columnWidth;
        this.page.drawRectangle({
          x,
          y: top - height,
          width: columnWidth,
          height,
          borderColor: RULE,
          borderWidth: 0.6,
        });
        let lineY = top - padding;
        for (const line of cellLines[column] ?? []) {
          lineY -= line.height;
          let lineX = x + padding;
          for (const piece of line.pieces) {
            this.drawRun(piece, lineX, lineY + line.height * 0.25);
            lineX += piece.width;
          }
        }
      }
      this.moveDown(height);
    }
    this.moveDown(6);
  }

  /** Draws sanitised HTML blocks in a family at a base size. */
  async blocks(
    blocks: Block[],
    options: { family: FamilyName; size: number; indent?: number; color?: Color },
  ) {
    const baseIndent = options.indent ?? 0;
    const color = options.color ?? INK;
    const toStyled = (runs: Run[], size: number, isBold = false): StyledRun[] =>
      runs.map((run) => ({
        text: run.text,
        face: textFace(options.family, { isBold: isBold || run.isBold, isItalic: run.isItalic }),
        size,
        color,
        isUnderline: run.isUnderline,
      }));
    for (const block of blocks) {
      if (block.kind === 'rule') {
        this.rule();
      } else if (block.kind === 'table') {
        await this.table(
          block.rows.map((row) =>
            row.cells.map((cell) => toStyled(cell.runs, options.size - 1, cell.isHeader)),
          ),
          { indent: baseIndent },
        );
      } else {
        const size = block.heading ? options.size + Math.max(0, 4 - block.heading) : options.size;
        const indent = baseIndent + block.indent * 16;
        await this.paragraph(toStyled(block.runs, size, block.heading !== undefined), {
          indent: indent + (block.marker ? 16 : 0),
          ...(block.marker
            ? {
                marker: {
                  text: block.marker,
                  face: textFace(options.family),
                  size: options.size,
                  color,
                },
                markerWidth: 16,
              }
            : {}),
          spaceBefore: block.heading ? 6 : 0,
          spaceAfter: block.marker ? 2 : 6,
          ...(block.heading ? { keepWithNext: options.size * 2 } : {}),
        });
      }
    }
  }
}

function sameStyle(a: StyledRun, b: StyledRun) {
  return (
    a.face === b.face && a.size === b.size && a.color === b.color && a.isUnderline === b.isUnderline
  );
}

/** An sRGB colour from '#rrggbb'. */
export function hexColor(hex: string): Color {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  return rgb(((value >> 16) & 255) / 255, ((value >> 8) & 255) / 255, (value & 255) / 255);
}
