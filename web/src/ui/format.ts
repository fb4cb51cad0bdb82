import type { Lang } from '@pactum/core/validation';

const pad = (n: number) => String(n).padStart(2, '0');

/** The product's default date format (spec 3 §9), in local time: `YYYY-MM-DD HH:mm`. */
export function formatDateTime(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(
    date.getHours(),
  )}:${pad(date.getMinutes())}`;
}

/** Money in minor units (cents, öre) as the user's language writes it: `€124.00`, `124,00 €`. */
export function formatMoney(minor: number, currency: string, lang: Lang): string {
  return new Intl.NumberFormat(lang === 'fi' ? 'fi-FI' : 'en-GB', {
    style: 'currency',
    currency,
  }).format(minor / 100);
}

const FILE_SIZE_UNITS = {
  en: ['B', 'kB', 'MB', 'GB'],
  fi: ['t', 'kt', 'Mt', 'Gt'],
} as const satisfies Record<Lang, readonly string[]>;

/**
 * A file's size as people read it, in the user's language: `700 B`, `1 kB`, `1.5 MB` (`1,5 Mt`
 * in Finnish). Units of 1,024 (as the upload limits count them), the next unit from 1,000 on
 * (never '1,020 kB'), one decimal under 10. A no-break space keeps the number with its unit.
 */
export function formatFileSize(bytes: number, lang: Lang): string {
  const units = FILE_SIZE_UNITS[lang];
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const number = new Intl.NumberFormat(lang === 'fi' ? 'fi-FI' : 'en-GB', {
    maximumFractionDigits: unit > 0 && value < 10 ? 1 : 0,
  }).format(value);
  return `${number}\u00a0${units[unit]}`;
}

/** Text that must not break across lines ('9 s ago'): its spaces become no-break spaces. */
export const keepTogether = (text: string): string => text.replace(/ /g, '\u00a0');

/**
 * A line's document and time ('NDA · 9 s ago'): the line may break after the title, never
 * inside the time or between the dot and the time.
 */
export const titleAndTime = (title: string, time: string): string =>
  `${title} ${keepTogether(`· ${time}`)}`;
