// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { workspaceListItem } from '../../../test/fixtures';
import { fakeServer, renderWithApp } from '../../../test/render';
import { CreateFolderDialog } from './create-folder-dialog';

const FIRST = '1f0e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b';
const SECOND = '2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d';
const workspace = (id: string, title: string) => workspaceListItem(id, title);

describe('create folder dialog', { timeout: 20_000 }, () => {
  let server: ReturnType<typeof fakeServer>;
  const creates = () => server.requests.filter((request) => request.method === 'POST');
  beforeEach(() => {
    server = fakeServer((request) => {
      if (request.path === '/api/v1/workspaces') {
        return { body: [workspace(FIRST, 'Acme'), workspace(SECOND, 'Beta')] };
      }
      if (request.method === 'POST') {
        return { body: { id: 'f1', kind: 'folder', name: 'contracts-2026' } };
      }
      return { body: { groups: [] } };
    });
  });

  const open = (onCreated = vi.fn()) =>
    renderWithApp(<CreateFolderDialog parent={null} onClose={vi.fn()} onCreated={onCreated} />);

  it('refuses a name outside a–z, numbers and dashes, and a root folder without a workspace', async () => {
    const { user } = open();
    const name = await screen.findByRole('textbox', { name: /folder name/i });
    await user.type(name, 'My Contracts');
    await user.click(screen.getByRole('button', { name: 'Create' }));

    expect(
      await screen.findByText('Invalid folder name. Folder name can contain a-z, numbers or dash.'),
    ).toBeVisible();
    expect(screen.getByText('This field is required')).toBeVisible();
    expect(creates()).toHaveLength(0);

    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(2);
    expect(creates()).toHaveLength(0);
  });

  it('creates the folder in the chosen workspace', async () => {
    const onCreated = vi.fn();
    const { user } = open(onCreated);
    await user.type(await screen.findByRole('textbox', { name: /folder name/i }), 'contracts-2026');
    await user.click(screen.getByRole('combobox', { name: /workspace/i }));
    await user.click(await screen.findByRole('option', { name: 'Beta' }));
    await user.click(await screen.findByRole('button', { name: 'Create' }));

    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(creates()).toEqual([
      expect.objectContaining({
        path: '/api/v1/archive/folders',
        body: { name: 'contracts-2026', workspaceId: SECOND, groupIds: [] },
      }),
    ]);
  });
});
