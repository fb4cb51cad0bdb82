/*
 * Sanitised contract HTML (platform/html/sanitize.ts) as a list of blocks the PDF layout can
 * draw: paragraphs of styled runs (headings and list items are paragraphs with a level or a
 * marker), simple tables and rules. The input is the sanitiser's output — balanced tags, an
 * allow-list, entities for & < > " — so a small tokenizer is enough; anything unknown keeps
 * only its text.
 */

export type Run = { text: string; isBold: boolean; isItalic: boolean; isUnderline: boolean };

export type ParagraphBlock = {
  kind: 'paragraph';
  runs: Run[];
  /** Nesting depth of lists and block quotes. */
  indent: number;
  /** The list marker drawn before the first line ('•', '1.', 'a.'). */
  marker?: string;
  /** 1 to 6 for h1–h6. */
  heading?: number;
  isPreformatted?: boolean;
};

export type TableBlock = {
  kind: 'table';
  rows: { cells: { runs: Run[]; isHeader: boolean }[] }[];
};

export type Block = ParagraphBlock | TableBlock | { kind: 'rule' };

const entities: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  shy: '',
  euro: '€',
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) {
      return safeFromCodePoint(Number.parseInt(name.slice(2), 16)) ?? whole;
    }
    if (name.startsWith('#')) return safeFromCodePoint(Number.parseInt(name.slice(1), 10)) ?? whole;
    return entities[name.toLowerCase()] ?? whole;
  });
}

function safeFromCodePoint(codePoint: number): string | undefined {
  return Number.isInteger(codePoint) && codePoint > 0 && codePoint <= 0x10ffff
    ? String.fromCodePoint(codePoint)
    : undefined;
}

const blockTags = new Set([
  'p',
  'div',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'pre',
  'caption',
]);

type ListContext = { isOrdered: boolean; counter: number; type: string };
type StyleCounts = { bold: number; italic: number; underline: number };

function attribute(attributes: string, name: string): string | undefined {
  const match = new RegExp(`\\b${name}\\s*=\\s*"([^"]*)"`, 'i').exec(attributes);
  return match ? decodeEntities(match[1] ?? '') : undefined;
}

function listMarker(list: ListContext): string {
  if (!list.isOrdered) return '•';
  const n = list.counter;
  switch (list.type) {
    case 'a':
      return `${alphabetic(n)}.`;
    case 'A':
      return `${alphabetic(n).toUpperCase()}.`;
    case 'i':
      return `${roman(n)}.`;
    case 'I':
      return `${roman(n).toUpperCase()}.`;
    default:
      return `${n}.`;
  }
}

function alphabetic(n: number): string {
  let value = n;
  let text = '';
  while (value > 0) {
    value -= 1;
    text = String.fromCharCode(97 + (value % 26)) + text;
    value = Math.floor(value / 26);
  }
  return text || String(n);
}

function roman(n: number): string {
  if (n <= 0 || n >= 4000) return String(n);
  const numerals: [number, string][] = [
    [1000, 'm'],
    [900, 'cm'],
    [500, 'd'],
    [400, 'cd'],
    [100, 'c'],
    [90, 'xc'],
    [50, 'l'],
    [40, 'xl'],
    [10, 'x'],
    [9, 'ix'],
    [5, 'v'],
    [4, 'iv'],
    [1, 'i'],
  ];
  let value = n;
  let text = '';
  for (const [amount, numeral] of numerals) {
    while (value >= amount) {
      text += numeral;
      value -= amount;
    }
  }
  return text;
}

/** The blocks of a sanitised HTML fragment. */
export function htmlToBlocks(html: string): Block[] {
  const blocks: Block[] = [];
  const lists: ListContext[] = [];
  const style: StyleCounts = { bold: 0, italic: 0, underline: 0 };
  let quoteDepth = 0;
  let preDepth = 0;
  let paragraph: ParagraphBlock | null = null;
  let table: TableBlock | null = null;
  let cell: { runs: Run[]; isHeader: boolean } | null = null;
  let pendingMarker: string | undefined;
  let pendingHeading: number | undefined;

  const indent = () => lists.length + quoteDepth;

  const flush = () => {
    if (paragraph) {
      trimRuns(paragraph.runs, !paragraph.isPreformatted);
      if (paragraph.runs.length > 0 || paragraph.marker) blocks.push(paragraph);
    }
    paragraph = null;
  };

  const target = (): Run[] => {
    if (cell) return cell.runs;
    if (!paragraph) {
      paragraph = {
        kind: 'paragraph',
        runs: [],
        indent: indent(),
        ...(pendingMarker ? { marker: pendingMarker } : {}),
        ...(pendingHeading ? { heading: pendingHeading } : {}),
        ...(preDepth > 0 ? { isPreformatted: true } : {}),
      };
      pendingMarker = undefined;
    }
    return paragraph.runs;
  };

  const addText = (raw: string) => {
    const isPre = preDepth > 0;
    let text = decodeEntities(raw);
    if (!isPre) text = text.replace(/[\t\n\r ]+/g, ' ');
    if (text === '') return;
    // White space between blocks starts no paragraph (and does not use up a list marker).
    if (!isPre && text === ' ' && !paragraph && !cell) return;
    const runs = target();
    const last = runs.at(-1);
    // Collapse a space that would follow another space or start a line.
    if (!isPre && text.startsWith(' ') && (!last || /[ \n]$/.test(last.text))) text = text.slice(1);
    if (text === '') return;
    const runStyle = {
      isBold: style.bold > 0 || pendingHeading !== undefined,
      isItalic: style.italic > 0,
      isUnderline: style.underline > 0,
    };
    if (
      last &&
      last.isBold === runStyle.isBold &&
      last.isItalic === runStyle.isItalic &&
      last.isUnderline === runStyle.isUnderline
    ) {
      last.text += text;
    } else {
      runs.push({ text, ...runStyle });
    }
  };

  const tokens = html.matchAll(/<!--[\s\S]*?-->|<(\/?)([a-zA-Z][a-zA-Z0-9]*)([^>]*)>|([^<]+)|</g);
  for (const token of tokens) {
    const [whole, closing, rawName, attributes = '', text] = token;
    if (text !== undefined) {
      addText(text);
      continue;
    }
    if (!rawName) {
      if (whole === '<') addText('&lt;');
      continue;
    }
    const name = rawName.toLowerCase();
    const isClosing = closing === '/';
    switch (name) {
      case 'strong':
      case 'b':
        style.bold += isClosing ? -1 : 1;
        break;
      case 'em':
      case 'i':
        style.italic += isClosing ? -1 : 1;
        break;
      case 'u':
        style.underline += isClosing ? -1 : 1;
        break;
      case 'br':
        if (cell || paragraph)
          target().push({ text: '\n', isBold: false, isItalic: false, isUnderline: false });
        break;
      case 'hr':
        if (!table) {
          flush();
          blocks.push({ kind: 'rule' });
        }
        break;
      case 'ul':
      case 'ol':
        if (table) break;
        flush();
        if (isClosing) lists.pop();
        else {
          const start = Number.parseInt(attribute(attributes, 'start') ?? '1', 10);
          lists.push({
            isOrdered: name === 'ol',
            counter: (Number.isFinite(start) ? start : 1) - 1,
            type: attribute(attributes, 'type') ?? '1',
          });
        }
        break;
      case 'li': {
        if (table) {
          if (!isClosing && cell && cell.runs.length > 0) addLineBreak(cell.runs);
          break;
        }
        flush();
        if (!isClosing) {
          const list = lists.at(-1);
          if (list) {
            list.counter += 1;
            pendingMarker = listMarker(list);
          } else pendingMarker = '•';
        }
        break;
      }
      case 'table':
        if (isClosing) {
          if (table) blocks.push(table);
          table = null;
          cell = null;
        } else if (!table) {
          flush();
          table = { kind: 'table', rows: [] };
        }
        break;
      case 'tr':
        if (table && !isClosing) table.rows.push({ cells: [] });
        break;
      case 'td':
      case 'th':
        if (!table) break;
        if (isClosing) cell = null;
        else {
          if (table.rows.length === 0) table.rows.push({ cells: [] });
          cell = { runs: [], isHeader: name === 'th' };
          table.rows.at(-1)?.cells.push(cell);
        }
        break;
      default:
        if (blockTags.has(name)) {
          if (table) {
            if (cell && cell.runs.length > 0) addLineBreak(cell.runs);
            break;
          }
          flush();
          if (name === 'blockquote') quoteDepth += isClosing ? -1 : 1;
          if (name === 'pre') preDepth += isClosing ? -1 : 1;
          if (/^h[1-6]$/.test(name)) pendingHeading = isClosing ? undefined : Number(name[1]);
        }
    }
  }
  flush();
  if (table) blocks.push(table);
  for (const block of blocks) {
    if (block.kind === 'table') {
      for (const row of block.rows) for (const c of row.cells) trimRuns(c.runs, true);
    }
  }
  return blocks;
}

function addLineBreak(runs: Run[]) {
  runs.push({ text: '\n', isBold: false, isItalic: false, isUnderline: false });
}

/** Drops leading and trailing white space (and line breaks) of a run list. */
function trimRuns(runs: Run[], isCollapsing: boolean) {
  if (!isCollapsing) return;
  while (runs.length > 0) {
    const first = runs[0] as Run;
    first.text = first.text.replace(/^[ \n]+/, '');
    if (first.text === '') runs.shift();
    else break;
  }
  while (runs.length > 0) {
    const last = runs.at(-1) as Run;
    last.text = last.text.replace(/[ \n]+$/, '');
    if (last.text === '') runs.pop();
    else break;
  }
}
