// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeServer, renderWithApp } from '../../../test/render';
import type { SigningView } from '../api/get-signing';
import { WithdrawDialog } from './withdraw-dialog';

const DEAL_ID = '1a2b3c4d-5e6f-4071-8293-a4b5c6d7e8f9';
const REASON = 'The receiver asked for a new price list first.';
const viewOf = (process: 'negotiate' | 'pdf') =>
  ({ id: DEAL_ID, title: 'Lease', process, myParty: 'sender' }) as unknown as SigningView;

describe('withdraw dialog', { timeout: 30_000 }, () => {
  let server: ReturnType<typeof fakeServer>;
  let answer: () => { status?: number; body?: unknown };
  beforeEach(() => {
    answer = () => ({ body: { ...viewOf('negotiate'), state: 'negotiate' } });
    server = fakeServer((request) => (request.method === 'POST' ? answer() : { body: {} }));
  });

  const submit = () => screen.getByRole('button', { name: 'Withdraw' });

  it('sends the reason and where the deal goes, back to negotiation by default', async () => {
    const onWithdrawn = vi.fn();
    const { user } = renderWithApp(
      <WithdrawDialog view={viewOf('negotiate')} onClose={vi.fn()} onWithdrawn={onWithdrawn} />,
    );
    expect(screen.getByRole('radio', { name: 'Back to negotiation' })).toBeChecked();
    await user.click(submit());
    expect(screen.getByRole('textbox', { name: /reason/i })).toHaveAccessibleDescription(
      'This field is required',
    );
    await user.click(screen.getByRole('textbox', { name: /reason/i }));
    await user.paste(REASON);
    await user.click(screen.getByRole('radio', { name: 'Move to the trash' }));
    await user.click(submit());
    await waitFor(() => expect(onWithdrawn).toHaveBeenCalled());
    expect(onWithdrawn.mock.calls[0]?.[1]).toBe('trash');
    expect(server.writes()).toEqual([
      {
        path: `/api/v1/deals/${DEAL_ID}/withdraw-signing`,
        method: 'POST',
        body: { reason: REASON, moveTo: 'trash' },
      },
    ]);
  });

  it('offers a Send & Sign PDF the trash only, and keeps the reason when refused', async () => {
    answer = () =>
      apiError(409, 'deal_not_in_signing', {
        message: 'This document is not waiting for signatures.',
      });
    const onWithdrawn = vi.fn();
    const { user } = renderWithApp(
      <WithdrawDialog view={viewOf('pdf')} onClose={vi.fn()} onWithdrawn={onWithdrawn} />,
    );
    expect(screen.getByRole('radio', { name: 'Back to negotiation' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Move to the trash' })).toBeChecked();
    await user.click(screen.getByRole('textbox', { name: /reason/i }));
    await user.paste(REASON);
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This document is not waiting for signatures.',
    );
    expect(screen.getByRole('textbox', { name: /reason/i })).toHaveValue(REASON);
    expect(onWithdrawn).not.toHaveBeenCalled();
  });
});
