import { describe, expect, it } from 'vitest';
import { initials } from './initials';

describe('initials', () => {
  it('takes the first letters of the names', () => {
    expect(initials({ firstname: 'Mary', lastname: 'Smith', email: 'm@x.fi' })).toBe('MS');
    expect(initials({ firstname: 'åsa', lastname: ' öberg', email: 'a@x.fi' })).toBe('ÅÖ');
  });

  it('falls back to the e-mail, then to a question mark', () => {
    expect(initials({ firstname: '', lastname: '', email: 'mary@x.fi' })).toBe('M');
    expect(initials({ firstname: '', lastname: '', email: '' })).toBe('?');
    expect(initials({ firstname: 'Mary', lastname: '', email: '' })).toBe('M');
  });
});
