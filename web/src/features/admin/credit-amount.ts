/**
 * A credit adjustment as typed: a whole number with an optional sign (`+20`, `-5`, `−5` with a
 * typographic minus), spaces allowed between the digits. Anything else is NaN, which the
 * shared schema refuses.
 */
export function parseAmount(text: string): number {
  const compact = text.replace(/\s/g, '').replace(/\u2212/g, '-');
  if (!/^[+-]?\d+$/.test(compact)) return Number.NaN;
  return Number(compact);
}
