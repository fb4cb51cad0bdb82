import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from '../html/sanitize';
import { htmlToBlocks, type ParagraphBlock } from './html-blocks';

const texts = (html: string) =>
  htmlToBlocks(sanitizeHtml(html)).map((block) =>
    block.kind === 'paragraph'
      ? `${block.marker ? `${block.marker} ` : ''}${block.runs.map((run) => run.text).join('')}`
      : block.kind,
  );

describe('contract HTML as PDF blocks', () => {
  it('keeps paragraphs, headings and inline styles', () => {
    const blocks = htmlToBlocks(
      sanitizeHtml(
        '<h2>Maksu</h2><p>Hinta on <strong>12 000 €</strong> ja <em>alv</em> <u>0 %</u>.</p>',
      ),
    ) as ParagraphBlock[];
    expect(blocks[0]).toMatchObject({ heading: 2, runs: [{ text: 'Maksu', isBold: true }] });
    expect(blocks[1]?.runs).toEqual([
      { text: 'Hinta on ', isBold: false, isItalic: false, isUnderline: false },
      { text: '12 000 €', isBold: true, isItalic: false, isUnderline: false },
      { text: ' ja ', isBold: false, isItalic: false, isUnderline: false },
      { text: 'alv', isBold: false, isItalic: true, isUnderline: false },
      { text: ' ', isBold: false, isItalic: false, isUnderline: false },
      { text: '0 %', isBold: false, isItalic: false, isUnderline: true },
      { text: '.', isBold: false, isItalic: false, isUnderline: false },
    ]);
  });

  it('numbers ordered lists (start, letters, roman) and nests', () => {
    expect(
      texts(
        '<ol start="3"><li>kolme</li><li>neljä<ul><li>sisempi</li></ul></li></ol><ol type="a"><li>a</li><li>b</li></ol><ol type="I"><li>x</li><li>y</li><li>z</li><li>w</li></ol>',
      ),
    ).toEqual([
      '3. kolme',
      '4. neljä',
      '• sisempi',
      'a. a',
      'b. b',
      'I. x',
      'II. y',
      'III. z',
      'IV. w',
    ]);
    const nested = htmlToBlocks('<ul><li>a<ul><li>b</li></ul></li></ul>') as ParagraphBlock[];
    expect(nested.map((block) => block.indent)).toEqual([1, 2]);
  });

  it('keeps line breaks, decodes entities and collapses white space', () => {
    expect(
      texts('<p>Rivi&nbsp;yksi<br>rivi   kaksi &amp; &lt;kolme&gt; &#8364; &#x20AC;</p>'),
    ).toEqual(['Rivi\u00a0yksi\nrivi kaksi & <kolme> € €']);
  });

  it('turns tables into rows of cells and a list item with a paragraph into one item', () => {
    const [table] = htmlToBlocks(
      sanitizeHtml(
        '<table><thead><tr><th>Tuote</th><th>Hinta</th></tr></thead><tbody><tr><td>Lauta</td><td><p>4,50 €</p></td></tr></tbody></table>',
      ),
    );
    expect(table).toMatchObject({
      kind: 'table',
      rows: [
        { cells: [{ isHeader: true, runs: [{ text: 'Tuote' }] }, { isHeader: true }] },
        { cells: [{ runs: [{ text: 'Lauta' }] }, { runs: [{ text: '4,50 €' }] }] },
      ],
    });
    expect(texts('<ul>\n<li>\n<p>kohta</p>\n</li>\n</ul><hr>')).toEqual(['• kohta', 'rule']);
  });
});
