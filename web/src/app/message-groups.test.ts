import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import { FIRST_PAINT_MESSAGE_GROUPS } from './message-groups';

/** The code of the public pages and of the frame around them (the entry's own parts). */
const publicCode: Record<string, string> = import.meta.glob(
  [
    '../features/auth/**/*.{ts,tsx}',
    '../features/support/**/*.{ts,tsx}',
    '!**/*.test.ts',
    '../features/notifications/unsubscribe-page.tsx',
    '../features/shell/not-found-page.tsx',
    '../features/shell/wip-page.tsx',
    './public-layout.tsx',
    './language-select.tsx',
    './route-error-page.tsx',
    './version-watcher.tsx',
    '../ui/confirm-dialog.tsx',
    '../ui/error-alert.tsx',
    '../ui/form-text-field.tsx',
    '../ui/name-fields.tsx',
    '../ui/page-loader.tsx',
    '../ui/submit-button.tsx',
    '../ui/toaster.tsx',
    '../ui/use-document-title.ts',
  ],
  { query: '?raw', import: 'default', eager: true },
);

/** The message groups a file names: `t('login.title')`, `i18nKey="signup.terms"`, `legal.${…}`. */
function groupsUsedIn(code: string): string[] {
  const keys = code.matchAll(/(?:\bt\(\s*|i18nKey=\{?\s*|\?\s*|:\s*)['"`]([a-zA-Z]+)\.[a-zA-Z$]/g);
  return [...keys].map((match) => match[1] ?? '');
}

describe('first-paint message groups', () => {
  it('names groups of the message files', () => {
    const groups = Object.keys(en);
    expect(FIRST_PAINT_MESSAGE_GROUPS.filter((group) => !groups.includes(group))).toEqual([]);
  });

  it('hold every group the public pages use, so they never show a message key', () => {
    const firstPaint = new Set<string>(FIRST_PAINT_MESSAGE_GROUPS);
    const groups = new Set<string>(Object.keys(en));
    const missing = Object.entries(publicCode).flatMap(([file, code]) =>
      groupsUsedIn(code)
        .filter((group) => groups.has(group) && !firstPaint.has(group))
        .map((group) => `${file}: ${group}`),
    );
    expect(Object.keys(publicCode).length).toBeGreaterThan(30);
    expect(missing).toEqual([]);
  });
});
