// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, renderWithApp } from '../../../test/render';
import type { TemplateDetail } from '../api/get-template';
import { DuplicateDialog } from './duplicate-dialog';

const TEMPLATE_ID = '7e6d5c4b-3a29-4180-9f7e-6d5c4b3a2918';
const template = { id: TEMPLATE_ID, title: 'Supply agreement' } as TemplateDetail;
const PATH = `/api/v1/templates/${TEMPLATE_ID}/duplicate`;

describe('duplicate template dialog', { timeout: 20_000 }, () => {
  let server: ReturnType<typeof fakeServer>;
  const copies = () => server.requests.filter((request) => request.path === PATH);
  beforeEach(() => {
    server = fakeServer((request) =>
      request.path === PATH ? { body: { id: 'copy-1', title: request.body } } : {},
    );
  });

  it('offers a dated copy name and refuses an empty or too long one', async () => {
    const { user } = renderWithApp(<DuplicateDialog template={template} onClose={vi.fn()} />);
    const name = screen.getByRole('textbox', { name: /name/i });
    expect((name as HTMLInputElement).value).toMatch(/^Copy .+ - Supply agreement$/);
    const submit = screen.getByRole('button', { name: /duplicate/i });
    expect(submit).toBeEnabled();

    await user.clear(name);
    expect(await screen.findByText('Title cannot be empty.')).toBeVisible();
    expect(submit).toBeDisabled();
    await user.type(name, '   ');
    expect(screen.getByText('Title cannot be empty.')).toBeVisible();

    await user.clear(name);
    await user.click(name);
    await user.paste('x'.repeat(251));
    expect(await screen.findByText('Too much text. 250 characters max.')).toBeVisible();
    expect(submit).toBeDisabled();
    await user.type(name, '{Enter}');
    expect(copies()).toHaveLength(0);
  });

  it('sends the name trimmed and opens the copy', async () => {
    const onClose = vi.fn();
    const { user, router } = renderWithApp(
      <DuplicateDialog template={template} onClose={onClose} />,
    );
    const name = screen.getByRole('textbox', { name: /name/i });
    await user.clear(name);
    await user.type(name, '  My own copy  ');
    // The name is checked as typed (asynchronously): the cleared field's error goes first.
    const submit = screen.getByRole('button', { name: /duplicate/i });
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(copies()).toEqual([expect.objectContaining({ body: { title: 'My own copy' } })]);
    expect(router.state.location.pathname).toContain('copy-1');
  });
});
