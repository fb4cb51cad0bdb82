import { describe, expect, it } from 'vitest';
import type { ContentOption } from './documents';
import {
  canAddContentOption,
  canRemoveContentOption,
  canRemoveSection,
  contentOptionLetter,
  contentOptionsError,
  copyTitle,
  couponCodeSchema,
  createTemplateSchema,
  cutAbstract,
  formatText,
  isCouponCode,
  moveSection,
  orderSections,
  placeNewSection,
  renumberSections,
  type SectionNode,
  saveSectionSchema,
  sectionNumbers,
  shareDocumentSchema,
  templateCategories,
  templateGroup,
  templatePrice,
  templateRegions,
  toCouponSlug,
  updateTemplateSchema,
} from './templates';
import { translateMessage } from './validation';

const node = (
  id: string,
  position: number,
  type: SectionNode['type'] = 'normal',
  parentId: string | null = null,
): SectionNode => ({ id, position, type, parentId });

/** parties, a, a1, a2, b, c, signers */
const doc = (): SectionNode[] => [
  node('signers', 99, 'signers'),
  node('b', 3),
  node('a2', 102, 'normal', 'a'),
  node('parties', 1, 'parties'),
  node('a', 2),
  node('a1', 101, 'normal', 'a'),
  node('c', 4),
];

const shape = (places: Array<{ id: string; parentId: string | null; position: number }>) =>
  places.map((place) => `${place.id}:${place.parentId ?? '-'}:${place.position}`);

describe('section order and numbers', () => {
  it('orders parties first, signers last, children after their parent', () => {
    expect(orderSections(doc()).map((section) => section.id)).toEqual([
      'parties',
      'a',
      'a1',
      'a2',
      'b',
      'c',
      'signers',
    ]);
  });

  it('renumbers parents 1.. and children 101..', () => {
    expect(shape(renumberSections(orderSections(doc())))).toEqual([
      'parties:-:1',
      'a:-:2',
      'a1:a:101',
      'a2:a:102',
      'b:-:3',
      'c:-:4',
      'signers:-:5',
    ]);
  });

  it('numbers ordinary sections 1, 1.1 and leaves parties and signers unnumbered', () => {
    const numbers = sectionNumbers(orderSections(doc()));
    expect(Object.fromEntries(numbers)).toEqual({
      parties: '',
      a: '1',
      a1: '1.1',
      a2: '1.2',
      b: '2',
      c: '3',
      signers: '',
    });
  });
});

describe('moving sections', () => {
  const move = (id: string, direction: 'up' | 'down' | 'indent' | 'outdent') => {
    const result = moveSection(doc(), id, direction);
    return result.ok ? shape(result.value) : result.error;
  };

  it('moves a section up and down among its siblings with its children', () => {
    expect(move('b', 'up')).toEqual([
      'parties:-:1',
      'b:-:2',
      'a:-:3',
      'a1:a:101',
      'a2:a:102',
      'c:-:4',
      'signers:-:5',
    ]);
    expect(move('a1', 'down').slice(2, 4)).toEqual(['a2:a:101', 'a1:a:102']);
  });

  it('keeps parties first and signers last', () => {
    expect(move('a', 'up')).toBe('sectionCannotMove');
    expect(move('c', 'down')).toBe('sectionCannotMove');
    expect(move('parties', 'down')).toBe('sectionCannotMove');
    expect(move('signers', 'up')).toBe('sectionCannotMove');
    expect(move('a1', 'up')).toBe('sectionCannotMove');
    expect(move('a2', 'down')).toBe('sectionCannotMove');
  });

  it('indents under the previous top-level section, taking its children along', () => {
    expect(move('b', 'indent')).toEqual([
      'parties:-:1',
      'a:-:2',
      'a1:a:101',
      'a2:a:102',
      'b:a:103',
      'c:-:3',
      'signers:-:4',
    ]);
    const nested = moveSection(doc(), 'a', 'indent');
    expect(nested).toEqual({ ok: false, error: 'sectionCannotMove' });
    expect(move('parties', 'indent')).toBe('sectionCannotMove');
    expect(move('signers', 'indent')).toBe('sectionCannotMove');
    expect(move('a1', 'indent')).toBe('sectionCannotMove');
  });

  it('indents a section with children: both become children of the previous section', () => {
    const sections = [...doc(), node('b1', 101, 'normal', 'b')];
    const result = moveSection(sections, 'b', 'indent');
    expect(result.ok && shape(result.value)).toEqual([
      'parties:-:1',
      'a:-:2',
      'a1:a:101',
      'a2:a:102',
      'b:a:103',
      'b1:a:104',
      'c:-:3',
      'signers:-:4',
    ]);
  });

  it('outdents a child to just after its parent', () => {
    expect(move('a1', 'outdent')).toEqual([
      'parties:-:1',
      'a:-:2',
      'a2:a:101',
      'a1:-:3',
      'b:-:4',
      'c:-:5',
      'signers:-:6',
    ]);
    expect(move('b', 'outdent')).toBe('sectionCannotMove');
  });

  it('refuses an unknown section', () => {
    expect(move('nope', 'up')).toBe('sectionGenerateFail');
  });
});

describe('adding sections', () => {
  const place = (where: { afterSectionId?: string; parentId?: string }) => {
    const result = placeNewSection(doc(), 'new', where);
    return result.ok ? shape(result.value) : result.error;
  };

  it('adds before signers by default', () => {
    expect(place({}).slice(-2)).toEqual(['new:-:5', 'signers:-:6']);
  });

  it('adds after a top-level section and its children, or after a child as a child', () => {
    expect(place({ afterSectionId: 'a' })).toEqual([
      'parties:-:1',
      'a:-:2',
      'a1:a:101',
      'a2:a:102',
      'new:-:3',
      'b:-:4',
      'c:-:5',
      'signers:-:6',
    ]);
    expect(place({ afterSectionId: 'a1' }).slice(2, 5)).toEqual([
      'a1:a:101',
      'new:a:102',
      'a2:a:103',
    ]);
    expect(place({ afterSectionId: 'parties' }).slice(0, 3)).toEqual([
      'parties:-:1',
      'new:-:2',
      'a:-:3',
    ]);
    expect(place({ afterSectionId: 'signers' }).slice(-2)).toEqual(['new:-:5', 'signers:-:6']);
  });

  it('adds as the last child of a parent: 101 plus the child count', () => {
    expect(place({ parentId: 'a' }).slice(2, 5)).toEqual(['a1:a:101', 'a2:a:102', 'new:a:103']);
    expect(place({ parentId: 'b' }).slice(4, 6)).toEqual(['b:-:3', 'new:b:101']);
    expect(place({ parentId: 'a1' })).toBe('sectionParentProblem');
    expect(place({ parentId: 'signers' })).toBe('sectionParentProblem');
    expect(place({ parentId: 'missing' })).toBe('parentNotFound');
  });

  it('parties and signers cannot be removed', () => {
    expect(canRemoveSection({ type: 'parties' })).toBe(false);
    expect(canRemoveSection({ type: 'signers' })).toBe(false);
    expect(canRemoveSection({ type: 'normal' })).toBe(true);
  });
});

describe('content options', () => {
  const options = (count: number): ContentOption[] =>
    Array.from({ length: count }, (_, index) => ({ id: `o${index}`, html: `<p>${index}</p>` }));

  it('allows at most 26 options, lettered A to Z', () => {
    expect(canAddContentOption(options(25))).toBe(true);
    expect(canAddContentOption(options(26))).toBe(false);
    expect(contentOptionLetter(0)).toBe('A');
    expect(contentOptionLetter(25)).toBe('Z');
    expect(contentOptionsError(options(27), 'o0')).toBe('tooManyOptions');
    expect(contentOptionsError([], null)).toBe('optionRequired');
  });

  it('never removes the first option', () => {
    expect(canRemoveContentOption(options(3), 'o0')).toBe(false);
    expect(canRemoveContentOption(options(3), 'o2')).toBe(true);
    expect(contentOptionsError(options(3).slice(1), 'o1', options(3))).toBe('firstOptionRemoved');
    expect(contentOptionsError(options(2), 'o0', options(3))).toBeNull();
  });

  it('needs the default among the options and unique ids', () => {
    expect(contentOptionsError(options(2), 'zz')).toBe('defaultOptionMissing');
    expect(contentOptionsError([...options(2), { id: 'o1', html: '' }], 'o0')).toBe(
      'duplicateOptionId',
    );
    const parsed = saveSectionSchema.safeParse({
      title: 'x',
      content: options(27),
      defaultContentId: 'o0',
    });
    expect(parsed.success).toBe(false);
  });
});

describe('abstract cut', () => {
  it('leaves short text alone', () => {
    expect(cutAbstract('A short abstract.')).toBe('A short abstract.');
  });

  it('cuts at about 230 characters on a word boundary with an ellipsis', () => {
    const text = `${'word '.repeat(60)}end`;
    const cut = cutAbstract(text);
    expect(cut.length).toBeLessThanOrEqual(231);
    expect(cut.endsWith('word…')).toBe(true);
    expect(
      cut
        .slice(0, -1)
        .split(' ')
        .every((word) => word === 'word'),
    ).toBe(true);
  });

  it('cuts a single long word where it must', () => {
    expect(cutAbstract('x'.repeat(300))).toBe(`${'x'.repeat(230)}…`);
  });
});

describe('coupon codes', () => {
  it('accepts lower-case slugs only', () => {
    expect(isCouponCode('special-offer-0405')).toBe(true);
    expect(isCouponCode('under_score-1')).toBe(true);
    expect(isCouponCode('double--dash')).toBe(false);
    expect(isCouponCode('-lead')).toBe(false);
    expect(isCouponCode('trail-')).toBe(false);
    expect(isCouponCode('has space')).toBe(false);
    expect(isCouponCode('Upper')).toBe(false);
  });

  it('schema lower-cases, and an empty code means none', () => {
    expect(couponCodeSchema.parse(' Special-Offer ')).toBe('special-offer');
    expect(couponCodeSchema.parse('')).toBeNull();
    expect(couponCodeSchema.parse(null)).toBeNull();
    expect(couponCodeSchema.safeParse('a--b').success).toBe(false);
    // Short codes would be guessed.
    expect(couponCodeSchema.safeParse('offer-123').error?.issues[0]?.message).toBe(
      'Use at least 10 characters, so the code cannot be guessed.',
    );
    expect(couponCodeSchema.parse('offer-1234')).toBe('offer-1234');
  });

  it('makes a slug of typed text', () => {
    expect(toCouponSlug('  Summer Offer -- 2026! ')).toBe('summer-offer-2026');
  });
});

describe('template forms', () => {
  const valid = { title: 'NDA', abstract: '', category: 'nda', language: 'en', region: 'fi' };

  it('accepts the spec lists and refuses others', () => {
    expect(createTemplateSchema.safeParse(valid).success).toBe(true);
    expect(createTemplateSchema.safeParse({ ...valid, category: 'cooking' }).success).toBe(false);
    expect(createTemplateSchema.safeParse({ ...valid, region: 'us-ca' }).success).toBe(true);
    expect(createTemplateSchema.safeParse({ ...valid, region: 'europe' }).success).toBe(true);
    expect(createTemplateSchema.safeParse({ ...valid, region: 'atlantis' }).success).toBe(false);
    expect(createTemplateSchema.safeParse({ ...valid, language: 'xx' }).success).toBe(false);
    expect(createTemplateSchema.safeParse({ ...valid, extra: 1 }).success).toBe(false);
    expect(templateCategories).toHaveLength(14);
    expect(templateRegions.filter((region) => region.group === 'us-state')).toHaveLength(51);
  });

  it('applies the short-text 250 rule with the spec message', () => {
    const result = createTemplateSchema.safeParse({ ...valid, title: 'x'.repeat(251) });
    expect(result.success).toBe(false);
    const message = result.error?.issues[0]?.message ?? '';
    expect(translateMessage(message)).toBe('Too much text. 250 characters max.');
  });

  it('refuses an empty title on update', () => {
    const result = updateTemplateSchema.safeParse({ title: '  ' });
    expect(result.error?.issues[0]?.message).toBe('Title cannot be empty.');
  });

  it('needs someone to share with', () => {
    expect(shareDocumentSchema.safeParse({ role: 'edit' }).success).toBe(false);
    expect(
      shareDocumentSchema.parse({ emails: [' Mary@Example.COM '], role: 'view' }).emails,
    ).toEqual(['mary@example.com']);
  });
});

describe('small rules', () => {
  it('copy title, price, group and texts', () => {
    expect(copyTitle('NDA', new Date('2026-11-23T10:00:00Z'))).toBe('Copy 2026-11-23 - NDA');
    expect(copyTitle('x'.repeat(300))).toHaveLength(250);
    expect(templatePrice(null)).toBe(1);
    expect(templatePrice(3)).toBe(3);
    expect(templateGroup({ isGlobal: true, createdBy: 'u' }, 'u')).toBe('global');
    expect(templateGroup({ isGlobal: false, createdBy: 'u' }, 'u')).toBe('my');
    expect(templateGroup({ isGlobal: false, createdBy: 'v' }, 'u')).toBe('shared');
    expect(formatText('Locked by %s', 'Mary')).toBe('Locked by Mary');
  });
});
