// @vitest-environment jsdom
import { ADMIN_MAX_ADJUSTMENT } from '@pactum/core/admin';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeServer, renderWithApp } from '../../../test/render';
import { CreditAdjustmentDialog } from './credit-adjustment-dialog';

const WORKSPACE = { id: '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a', title: 'Acme', credits: 10 };
const PATH = `/api/v1/admin/workspaces/${WORKSPACE.id}/credits`;

describe('credit adjustment dialog', { timeout: 20_000 }, () => {
  let server: ReturnType<typeof fakeServer>;
  let answer: { status?: number; body?: unknown };
  const adjustments = () => server.requests.filter((request) => request.path === PATH);
  beforeEach(() => {
    answer = { body: { balance: 5 } };
    server = fakeServer((request) => (request.path === PATH ? answer : {}));
  });

  const open = (onClose = vi.fn()) =>
    renderWithApp(<CreditAdjustmentDialog workspace={WORKSPACE} onClose={onClose} />);

  it('takes a whole, non-zero amount within the limit and a reason of 3 characters or more', async () => {
    const { user } = open();
    const amount = screen.getByRole('textbox', { name: /amount/i });
    const reason = screen.getByRole('textbox', { name: /reason/i });
    const submit = screen.getByRole('button', { name: 'Adjust' });

    await user.type(amount, '1.5');
    await user.type(reason, 'ok');
    await user.click(submit);
    expect(await screen.findByText('A whole number, such as 10 or -5')).toBeVisible();
    expect(screen.getByText('At least 3 characters')).toBeVisible();

    await user.clear(amount);
    await user.type(amount, '0');
    expect(await screen.findByText('An adjustment changes the balance')).toBeVisible();

    await user.clear(amount);
    await user.type(amount, String(ADMIN_MAX_ADJUSTMENT + 1));
    expect(await screen.findByText(`At most ${ADMIN_MAX_ADJUSTMENT} either way`)).toBeVisible();
    await user.click(submit);
    expect(adjustments()).toHaveLength(0);
  });

  it('sends the amount, the reason and one key for retries', async () => {
    answer = apiError(409, 'insufficient_credits');
    const onClose = vi.fn();
    const { user } = open(onClose);
    await user.type(screen.getByRole('textbox', { name: /amount/i }), '-5');
    expect(screen.getByText('Balance now 10, after the change 5.')).toBeVisible();
    await user.type(screen.getByRole('textbox', { name: /reason/i }), 'Refund of a double charge');
    await user.click(screen.getByRole('button', { name: 'Adjust' }));
    // Refused: the dialog stays with what was typed.
    await waitFor(() => expect(adjustments()).toHaveLength(1));
    expect(await screen.findByRole('textbox', { name: /reason/i })).toHaveValue(
      'Refund of a double charge',
    );

    answer = { body: { balance: 5 } };
    await user.click(screen.getByRole('button', { name: 'Adjust' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [first, second] = adjustments();
    expect(second?.body).toEqual({
      amount: -5,
      reason: 'Refund of a double charge',
      idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(second?.body).toEqual(first?.body);
  });
});
