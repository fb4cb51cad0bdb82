/*
 * The text of an HTML fragment, the one way Pactum reads it: for event snippets, search, the
 * import's checks, required highlights and the word-by-word comparison of two versions.
 */

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

/** Tags whose content is no reading text. */
const HIDDEN_CONTENT = /<(script|style|template)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
/** Where a block ends a line. */
const BLOCK_END = /<\/(p|div|li|h[1-6]|tr|blockquote|pre|table|ul|ol)\s*>/gi;

/** `&amp;`, `&#228;`, `&#xe4;` and the few named entities contract HTML uses, decoded. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
    if (code[0] !== '#') return NAMED_ENTITIES[code.toLowerCase()] ?? whole;
    const point =
      code[1] === 'x' || code[1] === 'X'
        ? Number.parseInt(code.slice(2), 16)
        : Number.parseInt(code.slice(1), 10);
    return Number.isFinite(point) && point > 0 && point < 0x110000
      ? String.fromCodePoint(point)
      : whole;
  });
}

/**
 * The text of an HTML fragment: tags dropped (with what scripts and styles hold), entities
 * decoded, spaces collapsed. With `lines`, a block's end and `<br>` end a line, table cells are
 * parted by a space, and blank lines go: the reading text two versions are compared on.
 */
export function htmlToText(html: string, options: { lines?: boolean } = {}): string {
  const withoutHidden = html.replace(HIDDEN_CONTENT, ' ');
  if (!options.lines) {
    return decodeEntities(withoutHidden.replace(/<!--[\s\S]*?-->/g, ' ').replace(/<[^>]*>/g, ' '))
      .replace(/[\s\u00a0]+/g, ' ')
      .trim();
  }
  return decodeEntities(
    withoutHidden
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(BLOCK_END, '\n')
      .replace(/<(td|th)\b[^>]*>/gi, ' ')
      .replace(/<[^>]*>/g, ''),
  )
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{2,}/g, '\n')
    .trim();
}
