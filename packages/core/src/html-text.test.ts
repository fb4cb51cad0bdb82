import { describe, expect, it } from 'vitest';
import { decodeEntities, htmlToText } from './html-text';

describe('htmlToText', () => {
  it('drops tags, decodes entities and collapses spaces', () => {
    expect(htmlToText('<p>a&nbsp;&lt;b&gt; &#228; &#xe4; &quot;q&quot;</p>')).toBe('a <b> ä ä "q"');
    expect(htmlToText('<p>One</p><p>Two<br>three</p>')).toBe('One Two three');
    expect(htmlToText('<p>Pay&amp;go</p>\n\n  <p> now </p>')).toBe('Pay&go now');
  });

  it('reads no script, style or comment as text', () => {
    expect(htmlToText('<p>Kept</p><script>alert(1)</script><style>p{}</style><!-- note -->')).toBe(
      'Kept',
    );
  });

  it('keeps lines for comparing versions', () => {
    expect(htmlToText('<p>One</p><p>Two&nbsp;words</p><ul><li>x</li></ul>', { lines: true })).toBe(
      'One\nTwo words\nx',
    );
    expect(htmlToText('<table><tr><td>a</td><td>b</td></tr></table>', { lines: true })).toBe('a b');
  });

  it('leaves an entity it cannot read as it is', () => {
    expect(decodeEntities('&bogus; &#0; &#x110000;')).toBe('&bogus; &#0; &#x110000;');
  });
});
