import { describe, expect, it } from 'vitest';
import { splitName } from './split-name';

describe('splitName', () => {
  it('splits at the first space', () => {
    expect(splitName('Olli Ojala')).toEqual({ firstname: 'Olli', lastname: 'Ojala' });
    expect(splitName('  Mary   Ann Smith ')).toEqual({ firstname: 'Mary', lastname: 'Ann Smith' });
  });

  it('keeps a single name as the first name', () => {
    expect(splitName('Prince')).toEqual({ firstname: 'Prince', lastname: '' });
    expect(splitName('')).toEqual({ firstname: '', lastname: '' });
  });
});
