import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize';

/** Payloads from common XSS cheat sheets; none may leave anything executable behind. */
const payloads = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<svg onload=alert(1)>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="&#106;avascript:alert(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<iframe src="https://evil.test"></iframe>',
  '<p onclick="alert(1)">x</p>',
  '<p style="background:url(javascript:alert(1))">x</p>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button>x</button></form>',
  '<body onload=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<input autofocus onfocus=alert(1)>',
  '"><script>alert(1)</script>',
  '<scr<script>ipt>alert(1)</script>',
  '<div><style>@import "javascript:alert(1)";</style></div>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<link rel="stylesheet" href="javascript:alert(1)">',
];

describe('sanitizeHtml', () => {
  it.each(payloads)('leaves nothing executable of %s', (payload) => {
    const clean = sanitizeHtml(payload).toLowerCase();
    expect(clean).not.toMatch(/<script|<iframe|<object|<embed|<svg|<img|<style|<form|<input/);
    expect(clean).not.toMatch(/\son[a-z]+\s*=/);
    expect(clean).not.toMatch(/javascript:|vbscript:|data:/);
    expect(clean).not.toMatch(/style=/);
  });

  it('keeps what the editor makes', () => {
    const html =
      '<h2>Scope</h2><p>The <strong>Supplier</strong> <em>shall</em> <u>deliver</u>:</p>' +
      '<ol start="2"><li>goods</li></ol><table><tbody><tr><td colspan="2">x</td></tr></tbody></table>' +
      '<p><mark data-required="true">fill in</mark></p>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('makes links open safely in a new tab', () => {
    expect(sanitizeHtml('<a href="https://pactum.fi">P</a>')).toBe(
      '<a href="https://pactum.fi" rel="noopener noreferrer nofollow" target="_blank">P</a>',
    );
  });
});
