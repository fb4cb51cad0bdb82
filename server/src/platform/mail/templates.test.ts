import { describe, expect, it } from 'vitest';
import { inertText, renderMail } from './templates';

/*
 * Names and titles people choose travel in mail to others (issue 22 §6: a title holding a URL
 * mailed to 300 addresses). Mail clients turn URL-, domain- and address-like text into links;
 * in our mails such text stays text.
 */

const ZWNJ = '\u200C';
const visible = (value: string) => value.replaceAll(ZWNJ, '');
/** What a mail client would make a link of: a scheme, www., a domain or an e-mail address. */
const linkLike = /https?:\/\/|www\.|[\w-]+\.(?:com|example|fi|io)\b|\w@\w/i;

describe('inertText', () => {
  it('breaks URLs, domains and addresses, and reads the same', () => {
    for (const value of [
      'http://evil.example/pay',
      'HTTPS://EVIL.EXAMPLE',
      'Visit www.evil.com now',
      'evil.io',
      'support@evil.fi',
      'Invoice ftp://files.evil.com/x',
    ]) {
      const inert = inertText(value);
      expect(inert).not.toMatch(linkLike);
      expect(visible(inert)).toBe(value);
    }
  });

  it('leaves ordinary text alone', () => {
    for (const value of ['Consulting agreement', 'Mary Smith', 'Price: 1 000 €. Paid', 'Acme Oy']) {
      expect(inertText(value)).toBe(value);
    }
  });
});

describe('mails to other people', () => {
  it('document-shared: the title and the sharer are text in HTML and plain text; the button links', () => {
    const url = 'http://localhost:3000/dashboard/templates/view/1';
    const mail = renderMail('document-shared', 'en', {
      sharer: 'Support at evil.example',
      title: 'Refund <a href="http://evil.example">http://evil.example/claim</a>',
      kind: 'template',
      role: 'view',
      isRegistered: false,
      url,
    });
    for (const part of [mail.subject, mail.text, mail.html]) {
      expect(visible(part)).toContain('evil.example');
      expect(part.replaceAll(url, '')).not.toMatch(linkLike);
    }
    expect(mail.html).not.toContain('<a href="http://evil');
    expect(mail.html).toContain('Refund &lt;a href=&quot;');
    expect(visible(mail.text)).toContain(
      'Support at evil.example has shared the template "Refund <a href="http://evil.example">http://evil.example/claim</a>" with you',
    );
    // Our own link stays a link.
    expect(mail.html).toContain(`<a href="${url}"`);
    expect(mail.text).toContain(`Open in Pactum: ${url}`);
  });

  it('invites carry the inviter, workspace, sender, title and message as text', () => {
    const workspace = renderMail('workspace-invite', 'fi', {
      inviter: 'admin@evil.example',
      workspace: 'www.evil.com',
      url: 'http://localhost:3000/login',
    });
    const deal = renderMail('deal-invite', 'en', {
      sender: 'evil.io',
      title: 'See https://evil.example',
      receiver: 'Buyer www.evil.com',
      message: 'Pay at http://evil.example/pay',
      url: 'http://localhost:3000/document/invite/abc',
    });
    for (const mail of [workspace, deal]) {
      for (const part of [mail.subject, mail.text, mail.html]) {
        expect(part.replace(/http:\/\/localhost:3000\S*?(?=["\s]|$)/g, '')).not.toMatch(linkLike);
      }
    }
    expect(visible(deal.text)).toContain('Message from evil.io: Pay at http://evil.example/pay');
  });

  it('keeps our own text as it is (the test message names the installation’s URL)', () => {
    const mail = renderMail('test-delivery', 'en', { url: 'https://pactum.example.com' });
    expect(mail.text).toContain('Installation: https://pactum.example.com');
  });
});
