// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiError, type FakeAnswer, fakeServer, renderWithApp } from '../../../test/render';
import { toasts } from '../../../ui/toast-store';
import type { Workspace } from '../types';
import { TagsCard } from './tags-card';

const WORKSPACE_ID = '6e5d4c3b-2a19-4f08-8e7d-6c5b4a392817';
const PATH = `/api/v1/workspaces/${WORKSPACE_ID}/tags`;

/** A workspace with one tag, 'Urgent'. */
const workspace = (extra: Partial<Workspace> = {}) =>
  ({
    id: WORKSPACE_ID,
    isDemo: false,
    tags: [
      {
        id: '0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d',
        tag: 'Urgent',
        createdAt: '2026-01-02T10:00:00.000Z',
      },
    ],
    ...extra,
  }) as Workspace;

describe('tags card', { timeout: 20_000 }, () => {
  let server: ReturnType<typeof fakeServer>;
  let addAnswer: FakeAnswer;
  const adds = () => server.writes().filter((request) => request.path === PATH);
  beforeEach(() => {
    addAnswer = { status: 201, body: { id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f', tag: 'x' } };
    server = fakeServer((request) => (request.path === PATH ? addAnswer : {}));
  });

  const open = (detail = workspace()) => renderWithApp(<TagsCard workspace={detail} />);
  const name = () => screen.getByRole('textbox', { name: 'New tag' });
  const addButton = () => screen.getByRole('button', { name: 'Add tag' });

  it('waits for a name, and refuses one the workspace has or a too long one', async () => {
    const { user } = open();
    expect(addButton()).toBeDisabled();
    await user.type(name(), '   ');
    expect(addButton()).toBeDisabled();

    await user.clear(name());
    await user.type(name(), ' urgent ');
    await user.click(addButton());
    expect(await screen.findByText('Tag urgent already exists')).toBeVisible();
    expect(name()).toBeInvalid();
    // Typing again takes the message away.
    await user.type(name(), 'x');
    expect(name()).toBeValid();
    expect(screen.queryByText('Tag urgent already exists')).toBeNull();

    await user.clear(name());
    await user.click(name());
    await user.paste('t'.repeat(101));
    await user.type(name(), '{Enter}');
    // The shared schema's own words: its limit has no message of the app's.
    expect(
      await screen.findByText('Too big: expected string to have <=100 characters'),
    ).toBeVisible();
    expect(adds()).toHaveLength(0);
  });

  it('adds the name trimmed and empties the field', async () => {
    const { user } = open();
    await user.type(name(), '  Contracts 2026  ');
    await user.click(addButton());

    await waitFor(() => expect(name()).toHaveValue(''));
    expect(adds()).toEqual([
      expect.objectContaining({ method: 'POST', body: { tag: 'Contracts 2026' } }),
    ]);
  });

  it("shows the server's refusals on the field and keeps what was typed", async () => {
    // The server names the tag as it has it.
    addAnswer = {
      status: 409,
      body: { error: { code: 'tag_exists', message: 'x', params: { tag: 'Contracts' } } },
    };
    const { user } = open();
    await user.type(name(), 'Contracts');
    await user.click(addButton());
    expect(await screen.findByText('Tag Contracts already exists')).toBeVisible();
    expect(name()).toHaveValue('Contracts');

    addAnswer = apiError(400, 'validation_failed', {
      fields: { tag: 'Contains characters that cannot be saved' },
    });
    await user.click(addButton());
    expect(await screen.findByText('Contains characters that cannot be saved')).toBeVisible();
    expect(name()).toBeInvalid();
    expect(name()).toHaveValue('Contracts');
    expect(adds()).toHaveLength(2);
  });

  it('says in a toast when adding failed otherwise, and keeps the name', async () => {
    addAnswer = apiError(403, 'forbidden');
    const { user } = open();
    await user.type(name(), 'Contracts');
    await user.click(addButton());

    await waitFor(() =>
      expect(toasts.toasts.map((toast) => toast.message)).toContain(
        'Failed to save tag Contracts: You do not have access to this.',
      ),
    );
    expect(name()).toHaveValue('Contracts');
    expect(name()).toBeValid();
  });

  it('has no field in a demo workspace', () => {
    open(workspace({ isDemo: true }));
    expect(screen.queryByRole('textbox', { name: 'New tag' })).toBeNull();
    expect(screen.getByRole('table', { name: 'Tags' })).toBeVisible();
  });
});
