// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  apiError,
  type FakeAnswer,
  fakeServer,
  renderWithApp,
  type SentRequest,
} from '../../../test/render';
import { toasts } from '../../../ui/toast-store';
import type { ArchiveItemDetail } from '../types';
import { FileInfoDialog } from './file-info-dialog';

const FILE_ID = '3c2b1a09-f8e7-4d6c-9b5a-493827161504';
const CONTRACTS_ID = '7a6b5c4d-3e2f-4a1b-8c9d-0e1f2a3b4c5d';
const LEASES_ID = '8b7c6d5e-4f3a-4b2c-9d0e-1f2a3b4c5d6e';
const ITEM_PATH = `/api/v1/archive/items/${FILE_ID}`;

/** A folder as a listing shows it (only what the picker reads). */
const folder = (id: string, name: string) => ({ id, name, type: 'folder' });

/** A file in the folder 'contracts' (or, with no path, in the Inbox). */
const file = (extra: Partial<ArchiveItemDetail> = {}) => ({
  id: FILE_ID,
  type: 'file',
  name: 'Lease.pdf',
  parentId: CONTRACTS_ID,
  path: [{ id: CONTRACTS_ID, name: 'contracts' }],
  ...extra,
});

describe('document info dialog', { timeout: 20_000 }, () => {
  let server: ReturnType<typeof fakeServer>;
  let shownFile: ReturnType<typeof file>;
  let saveAnswer: FakeAnswer;
  const saves = () => server.writes().filter((request) => request.path === ITEM_PATH);
  beforeEach(() => {
    shownFile = file();
    saveAnswer = { body: { id: FILE_ID, parentId: LEASES_ID } };
    server = fakeServer((request: SentRequest) => {
      if (request.path === ITEM_PATH)
        return request.method === 'GET' ? { body: shownFile } : saveAnswer;
      if (request.path.startsWith(`/api/v1/archive/folders/${CONTRACTS_ID}/items`)) {
        return { body: { items: [folder(LEASES_ID, 'leases')], total: 1, page: 1, pageSize: 500 } };
      }
      if (request.path.startsWith('/api/v1/archive/folders/')) {
        return { body: { items: [], total: 0, page: 1, pageSize: 500 } };
      }
      if (request.path.startsWith('/api/v1/archive?')) {
        return {
          body: { items: [folder(CONTRACTS_ID, 'contracts')], total: 1, page: 1, pageSize: 100 },
        };
      }
      return {};
    });
  });

  const open = (handlers: { onClose?: () => void; onSaved?: () => void } = {}) =>
    renderWithApp(
      <FileInfoDialog
        fileId={FILE_ID}
        onClose={handlers.onClose ?? vi.fn()}
        onSaved={handlers.onSaved ?? vi.fn()}
        onDeleted={vi.fn()}
      />,
    );
  const name = () => screen.getByRole('textbox', { name: /file name/i });
  const save = () => screen.getByRole('button', { name: 'Save' });
  /** The texts of the alerts shown (the folder picker's say which folder is chosen). */
  const alerts = () => screen.getAllByRole('alert').map((alert) => alert.textContent);

  it('refuses an empty or too long name and sends nothing', async () => {
    const { user } = open();
    expect(await screen.findByRole('textbox', { name: /file name/i })).toHaveValue('Lease.pdf');

    await user.clear(name());
    await user.type(name(), '   ');
    await user.tab();
    expect(await screen.findByText('This field is required')).toBeVisible();
    expect(name()).toBeInvalid();
    await user.click(save());
    expect(saves()).toHaveLength(0);

    await user.click(name());
    await user.paste('n'.repeat(251));
    expect(await screen.findByText('Too much text. 250 characters max.')).toBeVisible();
    await user.click(save());
    expect(saves()).toHaveLength(0);

    await user.type(name(), '{Backspace}');
    await waitFor(() => expect(name()).toBeValid());
  });

  it('needs a folder for a file in the Inbox', async () => {
    shownFile = file({ parentId: null, path: [] });
    const onSaved = vi.fn();
    const { user } = open({ onSaved });
    expect(await screen.findByText('Choose a folder.')).toBeVisible();
    await user.click(save());
    await waitFor(() => expect(save()).toBeDisabled());
    expect(saves()).toHaveLength(0);

    await user.click(await screen.findByRole('button', { name: 'contracts' }));
    expect(await screen.findByText('Chosen folder: Archive / contracts')).toBeVisible();
    await waitFor(() => expect(save()).toBeEnabled());
    await user.click(save());
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(saves()).toEqual([
      expect.objectContaining({ method: 'PATCH', body: { parentId: CONTRACTS_ID } }),
    ]);
  });

  it('sends the new name trimmed and the folder it moves to', async () => {
    const onSaved = vi.fn();
    const { user } = open({ onSaved });
    await user.clear(await screen.findByRole('textbox', { name: /file name/i }));
    await user.type(name(), '  Lease 2026.pdf  ');
    await user.click(await screen.findByRole('button', { name: 'leases' }));
    expect(await screen.findByText('Chosen folder: Archive / contracts / leases')).toBeVisible();
    await user.click(save());

    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(saves()).toEqual([
      expect.objectContaining({
        method: 'PATCH',
        body: { name: 'Lease 2026.pdf', parentId: LEASES_ID },
      }),
    ]);
  });

  it('sends nothing when nothing changed, and says so', async () => {
    const onClose = vi.fn();
    const { user } = open({ onClose });
    await user.type(await screen.findByRole('textbox', { name: /file name/i }), ' ');
    await user.click(save());

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(toasts.toasts.at(-1)?.message).toBe('Nothing to update...');
    expect(saves()).toHaveLength(0);
  });

  it("shows the server's refusals and keeps what was typed", async () => {
    saveAnswer = apiError(409, 'archive_move_into_subtree');
    const { user } = open();
    await user.clear(await screen.findByRole('textbox', { name: /file name/i }));
    await user.type(name(), 'Lease 2026.pdf');
    await user.click(save());
    await waitFor(() =>
      expect(alerts()).toContain(
        'A folder cannot be moved into itself or into a folder inside it.',
      ),
    );
    expect(name()).toHaveValue('Lease 2026.pdf');

    saveAnswer = apiError(400, 'validation_failed', {
      fields: { name: 'Contains characters that cannot be saved' },
    });
    await user.click(save());
    expect(await screen.findByText('Contains characters that cannot be saved')).toBeVisible();
    expect(name()).toBeInvalid();
    expect(alerts()).toContain('Some fields are not valid.');
    expect(name()).toHaveValue('Lease 2026.pdf');
    expect(saves()).toHaveLength(2);
  });
});
