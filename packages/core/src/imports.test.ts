import { describe, expect, it } from 'vitest';
import { fileTooLargeMessage, formatMb } from './files';
import {
  areMarkersTooSimilar,
  checkImportForTemplate,
  splitImportBlocks,
  splitImportSections,
  stripLeadingNumber,
} from './imports';

const doc = [
  '<h1>Service Agreement</h1>',
  '<p><em>Between the parties below.</em></p>',
  '<p>Front matter</p>',
  '<h2>1. Definitions</h2>',
  '<p>Words mean <strong>things</strong>.</p>',
  '<p><strong>1.1 Agreement</strong></p>',
  '<p>This document.</p>',
  '<p><strong>1.2 Party</strong></p>',
  '<ul><li>A company</li><li>A person</li></ul>',
  '<h2>2) Fees</h2>',
  '<table><tbody><tr><td>100 &amp; more</td></tr></tbody></table>',
  '<h2>3 Term</h2>',
].join('');

describe('splitImportBlocks', () => {
  it('cuts top-level blocks with stable indexes, text and signatures', () => {
    const blocks = splitImportBlocks(doc);
    expect(blocks.map((b) => b.signature)).toEqual([
      'h1',
      'p.em',
      'p',
      'h2',
      'p',
      'p.strong',
      'p',
      'p.strong',
      'ul',
      'h2',
      'table',
      'h2',
    ]);
    expect(blocks.map((b) => b.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(blocks[0]).toMatchObject({ tag: 'h1', text: 'Service Agreement' });
    expect(blocks[8]?.html).toBe('<ul><li>A company</li><li>A person</li></ul>');
    expect(blocks[10]?.text).toBe('100 & more');
    expect(blocks.map((b) => b.html).join('')).toBe(doc);
  });

  it('keeps nested same-name tags, void tags and loose text', () => {
    const blocks = splitImportBlocks(
      'loose <div><div>a</div><br><div>b</div></div><hr><p>x<br/>y</p> tail',
    );
    expect(blocks.map((b) => [b.tag, b.text])).toEqual([
      ['p', 'loose'],
      ['div', 'a b'],
      ['hr', ''],
      ['p', 'x y'],
      ['p', 'tail'],
    ]);
  });

  it('marks combined emphasis and ignores partial emphasis', () => {
    const [a, b, c] = splitImportBlocks(
      '<p><strong><em>Both</em></strong></p><p><strong>Half</strong> plain</p><h3><u>U</u></h3>',
    );
    expect(a?.signature).toBe('p.em.strong');
    expect(b?.signature).toBe('p');
    expect(c?.signature).toBe('h3.u');
  });
});

describe('splitImportSections', () => {
  const blocks = splitImportBlocks(doc);

  it('starts a section at every section marker and a subsection at every subsection marker', () => {
    const sections = splitImportSections(blocks, {
      section: 'h2',
      subsection: 'p.strong',
      titleIndex: 0,
      abstractIndex: 1,
    });
    expect(sections).toEqual([
      {
        title: 'Definitions',
        html: '<p>Words mean <strong>things</strong>.</p>',
        children: [
          { title: 'Agreement', html: '<p>This document.</p>' },
          { title: 'Party', html: '<ul><li>A company</li><li>A person</li></ul>' },
        ],
      },
      {
        title: 'Fees',
        html: '<table><tbody><tr><td>100 &amp; more</td></tr></tbody></table>',
        children: [],
      },
      { title: 'Term', html: '', children: [] },
    ]);
  });

  it('without a subsection marker keeps the subsection titles as content', () => {
    const sections = splitImportSections(blocks, { section: 'h2' });
    expect(sections).toHaveLength(3);
    expect(sections[0]?.children).toEqual([]);
    expect(sections[0]?.html).toContain('<p><strong>1.1 Agreement</strong></p>');
  });

  it('leaves out the title and abstract blocks even inside a section', () => {
    const sections = splitImportSections(blocks, { section: 'h2', titleIndex: 4 });
    expect(sections[0]?.html).not.toContain('Words mean');
  });

  it('finds no sections when nothing carries the marker', () => {
    expect(splitImportSections(blocks, { section: 'h4' })).toEqual([]);
    expect(splitImportSections(blocks, {})).toEqual([]);
  });
});

describe('import rules', () => {
  const blocks = splitImportBlocks(doc);
  const valid = {
    title: 'Service Agreement',
    markers: { section: 'h2', subsection: 'p.strong' },
    category: 'sales',
    language: 'en',
    region: 'fi',
  };

  it('accepts a complete import', () => {
    expect(checkImportForTemplate(valid, blocks)).toBeNull();
  });

  it('needs a title longer than 4 characters', () => {
    expect(checkImportForTemplate({ ...valid, title: '  ' }, blocks)).toBe('noTitle');
    expect(checkImportForTemplate({ ...valid, title: null }, blocks)).toBe('noTitle');
    expect(checkImportForTemplate({ ...valid, title: 'Deal' }, blocks)).toBe('titleTooShort');
    expect(checkImportForTemplate({ ...valid, title: 'Deals' }, blocks)).toBeNull();
  });

  it('needs a section marker that marks something', () => {
    expect(checkImportForTemplate({ ...valid, markers: {} }, blocks)).toBe('noSections');
    expect(checkImportForTemplate({ ...valid, markers: { section: 'h5' } }, blocks)).toBe(
      'noSections',
    );
  });

  it('refuses a subsection marker like the section marker', () => {
    expect(
      checkImportForTemplate({ ...valid, markers: { section: 'h2', subsection: 'h2' } }, blocks),
    ).toBe('tooSimilar');
    expect(areMarkersTooSimilar('p.strong.em', 'P.em.strong')).toBe(true);
    expect(areMarkersTooSimilar('p.strong', 'p')).toBe(false);
  });

  it('needs category, language and region', () => {
    for (const field of ['category', 'language', 'region'] as const) {
      expect(checkImportForTemplate({ ...valid, [field]: null }, blocks)).toBe('metadataRequired');
    }
  });

  it('strips leading numbers from titles', () => {
    expect(stripLeadingNumber('1. Definitions')).toBe('Definitions');
    expect(stripLeadingNumber('2.3.1 Scope')).toBe('Scope');
    expect(stripLeadingNumber('4) Fees')).toBe('Fees');
    expect(stripLeadingNumber('§ 5 Term')).toBe('Term');
    expect(stripLeadingNumber('2024budget')).toBe('2024budget');
    expect(stripLeadingNumber('12')).toBe('12');
  });
});

describe('the size message', () => {
  it('shows MB to two decimals', () => {
    expect(formatMb(10_485_760)).toBe('10.00');
    expect(fileTooLargeMessage('big.pdf', 12_000_000, 10_485_760)).toBe(
      'Max file size for attachments is 10.00 Mb. The file "big.pdf" is 11.44 Mb.',
    );
  });
});
