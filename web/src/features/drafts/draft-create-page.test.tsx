// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render';
import { toasts } from '../../ui/toast-store';
import { type Me, meQueryKey } from '../auth';
import { DraftCreatePage } from './draft-create-page';

const me = {
  id: 'u-1',
  autofillShown: false,
  company: { name: '', vat: '' },
  address: {},
} as unknown as Me;

describe('draft create page', { timeout: 20_000 }, () => {
  it('tells the autofill answer and makes the draft even when a fresher user arrives first', async () => {
    const requests: string[] = [];
    let view: ReturnType<typeof renderWithApp> | undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
        const path = String(input);
        requests.push(`${init.method ?? 'GET'} ${path}`);
        let body: unknown = {};
        if (init.method === 'PATCH' && path === '/api/v1/me') {
          // The live event of the change refetched the user before this answer came back.
          const saved = { ...me, autofillShown: true, company: { name: 'Acme Oy', vat: '' } };
          view?.queryClient.setQueryData(meQueryKey, saved);
          await new Promise((resolve) => setTimeout(resolve, 50));
          body = saved;
        } else if (init.method === 'POST') {
          body = { id: 'd-1', title: 'NDA', parties: { sender: { name: '' }, receivers: [] } };
        }
        return new Response(JSON.stringify(body), {
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    view = renderWithApp(<DraftCreatePage />, {
      data: [[meQueryKey, me]],
    });
    await view.user.type(screen.getByRole('textbox', { name: 'Company name' }), 'Acme Oy');
    await view.user.click(screen.getByRole('button', { name: 'Save and use' }));

    await waitFor(() =>
      expect(toasts.toasts.map((toast) => toast.message)).toContain('Autofill settings updated'),
    );
    // (The test's router has no `:templateId`, so the draft is asked of an empty id.)
    await waitFor(() => expect(requests).toContain('POST /api/v1/templates//drafts'));
  });
});
