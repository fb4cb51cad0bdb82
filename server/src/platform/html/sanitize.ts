import sanitizeHtmlLibrary from 'sanitize-html';

/**
 * The one allow-list for contract HTML (section content, help texts, imported Word documents).
 * Everything the editor produces survives; scripts, event handlers, styles, frames and
 * `javascript:`/`data:` URLs do not. The browser renders only what this returns.
 */
const options: sanitizeHtmlLibrary.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'mark',
    'code',
    'pre',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'span',
    'div',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
    'colgroup',
    'col',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    ol: ['start', 'type'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan', 'scope'],
    col: ['span'],
    colgroup: ['span'],
    // `data-required` marks the required-highlight text of spec 2 §5 (signing process rule).
    mark: ['data-required'],
    span: ['data-required'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Keep the text of unknown wrappers (e.g. <font>), drop the content of these entirely.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed'],
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, rel: 'noopener noreferrer nofollow', target: '_blank' },
    }),
  },
};

/** Contract HTML made safe to store and show. */
export function sanitizeHtml(html: string): string {
  return sanitizeHtmlLibrary(html, options).trim();
}
