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
