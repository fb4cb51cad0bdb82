import { describe, expect, it } from 'vitest';
import en from './en.json';
import fi from './fi.json';

/** Every text of a nested message object with its key path, e.g. `['home.signIn', 'Sign in']`. */
function texts(messages: object, prefix = ''): [string, unknown][] {
  return Object.entries(messages).flatMap(([key, value]): [string, unknown][] =>
    typeof value === 'object' && value !== null
      ? texts(value, `${prefix}${key}.`)
      : [[`${prefix}${key}`, value]],
  );
}

const keys = (messages: object) => texts(messages).map(([path]) => path);

describe('locales', () => {
  it('has the same keys in Finnish as in English', () => {
    expect(keys(fi).sort()).toEqual(keys(en).sort());
  });

  it('has a non-empty text for every key', () => {
    for (const messages of [en, fi]) {
      const blank = texts(messages).filter(
        ([, value]) => typeof value !== 'string' || value.trim() === '',
      );
      expect(blank).toEqual([]);
    }
  });
});
