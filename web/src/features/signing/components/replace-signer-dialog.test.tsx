// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeServer, renderWithApp } from '../../../test/render';
import type { SigningSigner } from '../api/get-signing';
import { ReplaceSignerDialog } from './replace-signer-dialog';

const DEAL_ID = '2b3c4d5e-6f70-4812-93a4-b5c6d7e8f901';
const signer = {
  id: '3c4d5e6f-7081-4923-a4b5-c6d7e8f90a12',
  firstname: 'Olli',
  lastname: 'Old',
} as SigningSigner;
const REASON = 'Olli left the company last week.';

describe('replace signer dialog', { timeout: 30_000 }, () => {
  let server: ReturnType<typeof fakeServer>;
  let answer: () => { status?: number; body?: unknown };
  beforeEach(() => {
    answer = () => ({ body: { id: DEAL_ID, signers: [] } });
    server = fakeServer((request) => (request.method === 'PUT' ? answer() : { body: {} }));
  });

  async function fill(user: ReturnType<typeof renderWithApp>['user']) {
    await user.type(screen.getByRole('textbox', { name: /first name/i }), 'Nina');
    await user.type(screen.getByRole('textbox', { name: /last name/i }), 'New');
    await user.type(screen.getByRole('textbox', { name: /e-mail/i }), 'nina@receiver.test');
    await user.type(screen.getByRole('textbox', { name: /phone/i }), '401112222');
    await user.click(screen.getByRole('textbox', { name: /reason/i }));
    await user.paste(REASON);
  }

  it('names whom it replaces and sends the new signer with the reason', async () => {
    const onReplaced = vi.fn();
    const { user } = renderWithApp(
      <ReplaceSignerDialog
        dealId={DEAL_ID}
        signer={signer}
        onClose={vi.fn()}
        onReplaced={onReplaced}
      />,
    );
    expect(screen.getByRole('dialog', { name: 'Replace Olli Old' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Replace signer' }));
    // The signer setup's own wording, as the server checks it.
    expect(screen.getByRole('textbox', { name: /first name/i })).toHaveAccessibleDescription(
      'Field is required',
    );
    expect(server.writes()).toHaveLength(0);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Replace signer' }));
    await waitFor(() => expect(onReplaced).toHaveBeenCalled());
    expect(server.writes()).toEqual([
      {
        path: `/api/v1/deals/${DEAL_ID}/signers/${signer.id}`,
        method: 'PUT',
        body: {
          firstname: 'Nina',
          lastname: 'New',
          email: 'nina@receiver.test',
          phone: '+358401112222',
          reason: REASON,
        },
      },
    ]);
  });

  it('keeps what was typed and shows the refusal', async () => {
    answer = () =>
      apiError(409, 'already_signed', { message: 'You have already signed this document.' });
    const onReplaced = vi.fn();
    const { user } = renderWithApp(
      <ReplaceSignerDialog
        dealId={DEAL_ID}
        signer={signer}
        onClose={vi.fn()}
        onReplaced={onReplaced}
      />,
    );
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Replace signer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You have already signed');
    expect(screen.getByRole('textbox', { name: /e-mail/i })).toHaveValue('nina@receiver.test');
    expect(onReplaced).not.toHaveBeenCalled();
  });
});
