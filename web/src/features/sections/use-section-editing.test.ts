import { describe, expect, it } from 'vitest';
import type { Section } from './types';
import { isChanged, sectionValues } from './use-section-editing';

const section = (overrides: Partial<Section>): Section => ({
  id: 's1',
  parentId: null,
  position: 1,
  type: 'normal',
  title: 'Fees',
  help: null,
  content: [],
  defaultContentId: null,
  editLock: false,
  lockedBy: null,
  number: '1',
  modifiedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

describe('sectionValues', () => {
  it('gives a section without text one empty first option, the default', () => {
    expect(sectionValues(section({}), () => 'new')).toEqual({
      title: 'Fees',
      help: '',
      content: [{ id: 'new', html: '' }],
      defaultContentId: 'new',
    });
  });

  it('keeps a valid default and falls back to the first option for a missing one', () => {
    const content = [
      { id: 'a', html: '<p>A</p>' },
      { id: 'b', html: '<p>B</p>' },
    ];
    expect(sectionValues(section({ content, defaultContentId: 'b' }), () => 'x')).toMatchObject({
      defaultContentId: 'b',
    });
    expect(
      sectionValues(section({ content, defaultContentId: 'gone', help: 'Read me' }), () => 'x'),
    ).toMatchObject({ defaultContentId: 'a', help: 'Read me', content });
  });
});

describe('isChanged', () => {
  it('tells typed values from those the section was opened with', () => {
    const initial = sectionValues(section({}), () => 'n');
    expect(isChanged({ sectionId: 's1', values: initial, initial })).toBe(false);
    expect(
      isChanged({ sectionId: 's1', values: { ...initial, title: 'Fees and costs' }, initial }),
    ).toBe(true);
  });
});
