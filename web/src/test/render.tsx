import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { i18n } from '../app/i18n';
import { MuiTheme } from '../app/mui-theme';
import en from '../locales/en.json';

// The real English texts, all of them (the app loads them in two parts; a test needs no split).
i18n.addResourceBundle('en', 'translation', en, true, true);
void i18n.changeLanguage('en');

/** One call the component made through `fetch`: its path, method and JSON body. */
export type SentRequest = { path: string; method: string; body: unknown };

/** How the fake server answers a call: a status and a JSON body (200 and `{}` by default). */
export type FakeAnswer = { status?: number; body?: unknown };

/**
 * Replaces `fetch`, the app's one way out, by a fake server: `answer` picks each call's
 * answer (by method and path), and every call is kept in `requests` to assert what was sent.
 */
export function fakeServer(answer: (request: SentRequest) => FakeAnswer | undefined = () => ({})) {
  const requests: SentRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const path = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const text = typeof init.body === 'string' ? init.body : undefined;
    const request: SentRequest = {
      path,
      method: (init.method ?? 'GET').toUpperCase(),
      body: text === undefined ? undefined : JSON.parse(text),
    };
    requests.push(request);
    const { status = 200, body = {} } = answer(request) ?? {};
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    requests,
    /** The calls other than reads (POST, PUT, PATCH, DELETE). */
    writes: () => requests.filter((request) => request.method !== 'GET'),
  };
}

/** A call's failure as the server answers it (`{ error: { code, message, fields } }`). */
export function apiError(
  status: number,
  code: string,
  extra: { message?: string; fields?: Record<string, string> } = {},
): FakeAnswer {
  return { status, body: { error: { code, message: extra.message ?? code, ...extra } } };
}

/**
 * Renders a component as the app does: the English texts, a fresh query cache (no retries),
 * MUI's theme and a router at `path` (so links and navigation work). `data` seeds the query
 * cache, e.g. the signed-in user.
 */
export function renderWithApp(
  element: ReactElement,
  options: { path?: string; data?: [readonly unknown[], unknown][] } = {},
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  for (const [key, value] of options.data ?? []) queryClient.setQueryData(key, value);
  const path = options.path ?? '/';
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [path] });
  // No pause between keys, and `pointer-events` checked once per action rather than at every
  // step of it (jsdom computes styles slowly): a person's pace proves nothing more.
  const user = userEvent.setup({
    delay: null,
    pointerEventsCheck: PointerEventsCheckLevel.EachApiCall,
  });
  const view = render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MuiTheme>
          <RouterProvider router={router} />
        </MuiTheme>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { ...view, user, queryClient, router };
}
