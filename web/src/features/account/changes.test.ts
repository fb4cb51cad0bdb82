import { describe, expect, it } from 'vitest';
import { changedFields } from './changes';

describe('changedFields', () => {
  it('keeps only the changed fields', () => {
    expect(
      changedFields(
        { firstname: 'Mary', lastname: 'Smith', phone: '' },
        { firstname: 'Mary', lastname: 'Jones', phone: '+358401234567' },
      ),
    ).toEqual({ lastname: 'Jones', phone: '+358401234567' });
  });

  it('is empty when nothing changed', () => {
    expect(changedFields({ a: 'x' }, { a: 'x' })).toEqual({});
  });
});
