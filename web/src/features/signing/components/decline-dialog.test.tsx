// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeServer, renderWithApp } from '../../../test/render';
import { DeclineDialog } from './decline-dialog';

const DEAL_ID = '9d8c7b6a-5f4e-43d2-a1b0-c9d8e7f6a5b4';
const REASON = 'The price in section 3 is not what we agreed.';
const declined = { by: 'Ann Lee', party: 'receiver', reason: REASON, at: '2026-12-07T10:00:00Z' };

describe('decline dialog', { timeout: 30_000 }, () => {
  let server: ReturnType<typeof fakeServer>;
  let answer: () => { status?: number; body?: unknown };
  beforeEach(() => {
    answer = () => ({ body: { declined, canOpenDeal: true } });
    server = fakeServer((request) => (request.method === 'POST' ? answer() : { body: {} }));
  });

  const reasonField = () => screen.getByRole('textbox', { name: /reason/i });
  const submit = () => screen.getByRole('button', { name: 'Decline to sign' });

  it('asks for a reason of at least 10 characters before anything is sent', async () => {
    const { user } = renderWithApp(
      <DeclineDialog dealId={DEAL_ID} onClose={vi.fn()} onDeclined={vi.fn()} />,
    );
    await user.click(submit());
    expect(reasonField()).toHaveAccessibleDescription('This field is required');
    await user.click(reasonField());
    await user.paste('too short');
    await user.click(submit());
    expect(reasonField()).toHaveAccessibleDescription('At least 10 characters required');
    expect(server.writes()).toHaveLength(0);
  });

  it('sends the reason and hands the decline on', async () => {
    const onDeclined = vi.fn();
    const { user } = renderWithApp(
      <DeclineDialog dealId={DEAL_ID} onClose={vi.fn()} onDeclined={onDeclined} />,
    );
    await user.click(reasonField());
    await user.paste(REASON);
    expect(screen.getByText(`${REASON.length} / 1000 characters, at least 10`)).toBeVisible();
    await user.click(submit());
    await waitFor(() => expect(onDeclined).toHaveBeenCalled());
    expect(onDeclined.mock.calls[0]?.[0]).toEqual({ declined, canOpenDeal: true });
    expect(server.writes()).toEqual([
      {
        path: `/api/v1/deals/${DEAL_ID}/decline-signing`,
        method: 'POST',
        body: { reason: REASON },
      },
    ]);
  });

  it('keeps the reason typed and shows the refusal when the deal left signing meanwhile', async () => {
    answer = () =>
      apiError(409, 'deal_not_in_signing', {
        message: 'This document is not waiting for signatures.',
      });
    const onDeclined = vi.fn();
    const { user } = renderWithApp(
      <DeclineDialog dealId={DEAL_ID} onClose={vi.fn()} onDeclined={onDeclined} />,
    );
    await user.click(reasonField());
    await user.paste(REASON);
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This document is not waiting for signatures.',
    );
    expect(reasonField()).toHaveValue(REASON);
    expect(onDeclined).not.toHaveBeenCalled();
  });
});
