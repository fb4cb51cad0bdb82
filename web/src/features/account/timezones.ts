/** The time zones always offered for e-mail notifications (1 §9). */
export const OFFERED_TIMEZONES = ['Europe/Helsinki', 'Europe/Stockholm', 'Europe/London'];

/** The browser's own time zone, e.g. `Europe/Helsinki`. */
export function browserTimezone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/** The offered zones, the browser's own and the user's saved one, each once. */
export function timezoneOptions(browser: string | undefined, saved: string | null): string[] {
  const options = [...OFFERED_TIMEZONES, browser, saved].filter(
    (zone): zone is string => typeof zone === 'string' && zone.length > 0,
  );
  return [...new Set(options)];
}

/** The zone the form starts with: the saved one, else the browser's (1 §9), else Helsinki. */
export function defaultTimezone(browser: string | undefined, saved: string | null): string {
  return saved ?? browser ?? 'Europe/Helsinki';
}
