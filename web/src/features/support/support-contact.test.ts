import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../app/http';
import en from '../../locales/en.json';
import fi from '../../locales/fi.json';
import { loadErrorText } from '../../ui/use-error-text';
import { type SupportContact, supportContactQueryOptions } from './api/get-support-contact';
import { CHAT_SCRIPT_ID, loadChatWidget } from './chat-widget';
import { SupportContactView } from './support-contact';
import { SupportErrorAlert } from './support-error-alert';

const texts = i18next.createInstance();
void texts.init({
  resources: { en: { translation: en }, fi: { translation: fi } },
  lng: 'en',
  initAsync: false,
  interpolation: { escapeValue: false },
});

const nothing: SupportContact = { email: null, helpUrl: null, chatScriptUrl: null };

/** The component's HTML for `contact`, in `lang`. */
function render(contact: SupportContact, options: { lead?: string; lang?: 'en' | 'fi' } = {}) {
  const i18n = texts.cloneInstance({ lng: options.lang ?? 'en' });
  return renderToStaticMarkup(
    createElement(
      I18nextProvider,
      { i18n },
      createElement(SupportContactView, {
        contact,
        ...(options.lead ? { lead: options.lead } : {}),
      }),
    ),
  );
}

/** The visible and read-out text of some HTML: tags and the styles rendered with it left out. */
const textOf = (html: string) =>
  html.replace(/<style[^>]*>.*?<\/style>/gs, '').replace(/<[^>]+>/g, '');

describe('SupportContactView', () => {
  it('shows nothing when the operator configured no way to reach support', () => {
    expect(render(nothing)).toBe('');
    expect(render(nothing, { lead: 'To recover it, contact Pactum support.' })).toBe('');
  });

  it('sends the user to support by e-mail when an address is configured', () => {
    const html = render(
      { ...nothing, email: 'help@pactum.example' },
      { lead: 'To recover it, contact Pactum support.' },
    );
    expect(html).toContain('href="mailto:help@pactum.example"');
    expect(textOf(html)).toBe(
      'To recover it, contact Pactum support.E-mail support (help@pactum.example)',
    );
    expect(textOf(render({ ...nothing, email: 'help@pactum.example' }))).toContain(
      'Please contact Pactum support.',
    );
    expect(textOf(render({ ...nothing, email: 'tuki@pactum.example' }, { lang: 'fi' }))).toBe(
      'Ota yhteyttä Pactumin tukeen.Lähetä sähköpostia tukeen (tuki@pactum.example)',
    );
  });

  it('offers only the help pages, in a new tab, when only they are configured', () => {
    const html = render(
      { ...nothing, helpUrl: 'https://help.pactum.example/kb' },
      { lead: 'To recover it, contact Pactum support.' },
    );
    expect(html).toContain('href="https://help.pactum.example/kb"');
    expect(html).toContain('target="_blank"');
    expect(html).toContain('rel="noopener noreferrer"');
    // No e-mail and no chat: nothing asks the user to contact support.
    expect(textOf(html)).toBe('Open help (opens in a new tab)');
    expect(html).not.toContain('mailto:');
  });

  it('tells where the chat is when a chat widget is configured, beside the other ways', () => {
    const text = textOf(
      render({
        email: 'help@pactum.example',
        helpUrl: 'https://help.pactum.example/kb',
        chatScriptUrl: 'https://chat.example.com/loader.js',
      }),
    );
    expect(text).toBe(
      'Please contact Pactum support.' +
        'E-mail support (help@pactum.example) · Open help (opens in a new tab)' +
        'Chat with support: the chat button is in the bottom corner of the page.',
    );
    expect(textOf(render({ ...nothing, chatScriptUrl: 'https://chat.example.com/a.js' }))).toBe(
      'Please contact Pactum support.Chat with support: the chat button is in the bottom corner of the page.',
    );
  });
});

describe('SupportErrorAlert', () => {
  // The alert fetches the error catalogue on first use; a static render shows what is loaded.
  beforeAll(async () => {
    await loadErrorText();
  });

  /** The alert for `error`, with the server's support answer already fetched. */
  function renderAlert(error: unknown, contact: SupportContact) {
    const queries = new QueryClient();
    queries.setQueryData(supportContactQueryOptions.queryKey, contact);
    return textOf(
      renderToStaticMarkup(
        createElement(
          QueryClientProvider,
          { client: queries },
          createElement(
            I18nextProvider,
            { i18n: texts.cloneInstance({ lng: 'en' }) },
            createElement(SupportErrorAlert, { error }),
          ),
        ),
      ),
    );
  }
  const withEmail = { ...nothing, email: 'help@pactum.example' };

  it('puts the ways to reach support under a refusal only support can help with', () => {
    const disabled = new ApiError(403, 'account_disabled', 'This account has been disabled.');
    expect(renderAlert(disabled, withEmail)).toBe(
      'This account has been disabled.Please contact Pactum support.E-mail support (help@pactum.example)',
    );
    // Without a configured way the text promises none.
    expect(renderAlert(disabled, nothing)).toBe('This account has been disabled.');
    const noSigner = new ApiError(
      404,
      'signer_not_found',
      'Technical error. Please contact support',
    );
    expect(renderAlert(noSigner, nothing)).toBe(
      'Technical error: your signer details were not found on this document.',
    );
  });

  it('shows any other error as it is', () => {
    const wrong = new ApiError(401, 'invalid_credentials', 'Wrong e-mail or password.');
    expect(renderAlert(wrong, withEmail)).toBe('Invalid email or password.');
    expect(renderAlert(undefined, withEmail)).toBe('');
  });
});

describe('loadChatWidget', () => {
  /** Just enough of a document: scripts by id, and the head they are added to. */
  function fakeDocument() {
    const added: Record<string, unknown>[] = [];
    const doc = {
      getElementById: (id: string) => added.find((script) => script.id === id) ?? null,
      createElement: () => ({}) as Record<string, unknown>,
      head: { append: (script: Record<string, unknown>) => added.push(script) },
    };
    return { doc: doc as unknown as Document, added };
  }

  it('adds the script once, async, however often it is asked', () => {
    const { doc, added } = fakeDocument();
    loadChatWidget('https://chat.example.com/loader.js', doc);
    loadChatWidget('https://chat.example.com/loader.js', doc);
    expect(added).toEqual([
      { id: CHAT_SCRIPT_ID, src: 'https://chat.example.com/loader.js', async: true },
    ]);
  });
});
