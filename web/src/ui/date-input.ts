/**
 * A typed date written as the product writes dates (YYYY-MM-DD, spec 3 §9), when it reads as
 * one: `2026-1-5` and `2026/01/05` as `2026-01-05`, and the Finnish `5.1.2026` too. Anything
 * else is left as typed, for the form's check to refuse. Only the digits are tidied: whether the
 * day exists is the check's to say.
 */
export function tidyIsoDate(text: string): string {
  const typed = text.trim();
  const iso = typed.match(/^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/);
  const finnish = typed.match(/^(\d{1,2})\.(\d{1,2})\.(\d{4})$/);
  const [year, month, day] = iso
    ? [iso[1], iso[2], iso[3]]
    : finnish
      ? [finnish[3], finnish[2], finnish[1]]
      : [];
  if (!year || !month || !day) return typed;
  return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}
