/**
 * A display name split into first and last name at the first space ('Mary Ann Smith' gives
 * 'Mary' and 'Ann Smith'): a guess to prefill, which the user can correct.
 */
export function splitName(name: string): { firstname: string; lastname: string } {
  const trimmed = name.trim().replace(/\s+/g, ' ');
  const at = trimmed.indexOf(' ');
  if (at < 0) return { firstname: trimmed, lastname: '' };
  return { firstname: trimmed.slice(0, at), lastname: trimmed.slice(at + 1) };
}
