// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, renderWithApp } from '../../../test/render';
import type { SigningView } from '../api/get-signing';
import { SignerSetupDialog } from './signer-setup-dialog';

const DEAL_ID = '4c3b2a19-0f8e-47d6-a5b4-c3d2e1f0a9b8';
const view = {
  id: DEAL_ID,
  myParty: 'sender',
  state: 'negotiation',
  use2faInSigning: false,
  parties: { sender: { name: 'Sender Oy' }, receiver: { name: 'Receiver Ltd' } },
  signers: [],
} as unknown as SigningView;

describe('signer setup dialog', { timeout: 30_000 }, () => {
  let server: ReturnType<typeof fakeServer>;
  const starts = () => server.requests.filter((request) => request.method === 'POST');
  beforeEach(() => {
    server = fakeServer(() => ({ body: view }));
  });

  const row = (n: number) => within(screen.getByRole('group', { name: `Signer ${n}` }));

  /** Pastes text at the end of a field (one change: quicker than typing it key by key). */
  async function paste(
    user: ReturnType<typeof renderWithApp>['user'],
    field: HTMLElement,
    text: string,
  ) {
    await user.click(field);
    await user.paste(text);
  }

  it('checks the signers as typed: required fields, e-mail, phone and the same e-mail twice', async () => {
    const { user } = renderWithApp(
      <SignerSetupDialog view={view} mode="start" onClose={vi.fn()} />,
    );
    const start = screen.getByRole('button', { name: 'Start signing' });
    await user.click(start);
    expect(row(1).getByLabelText(/first name/i)).toHaveAccessibleDescription('Field is required');
    expect(starts()).toHaveLength(0);

    await user.click(screen.getByRole('combobox', { name: /number of signers/i }));
    await user.click(await screen.findByRole('option', { name: '2' }));
    await waitFor(() => expect(screen.getByRole('group', { name: 'Signer 2' })).toBeVisible());
    for (const n of [1, 2]) {
      await paste(user, row(n).getByLabelText(/first name/i), 'ann');
      await paste(user, row(n).getByLabelText(/last name/i), 'lee');
    }
    await paste(user, row(1).getByLabelText(/e-mail/i), 'ann@sender.test');
    await paste(user, row(2).getByLabelText(/e-mail/i), 'ann@sender');
    await paste(user, row(1).getByLabelText(/phone/i), '401112222');
    await paste(user, row(2).getByLabelText(/phone/i), '40');
    expect(row(2).getByLabelText(/e-mail/i)).toHaveAccessibleDescription('E-mail must be valid');
    expect(row(2).getByLabelText(/phone/i)).toHaveAccessibleDescription(
      'Phone number must be valid (e.g., +358)',
    );

    await paste(user, row(2).getByLabelText(/e-mail/i), '.test');
    expect(
      await screen.findByText('You have signers with same email: ann@sender.test'),
    ).toHaveAttribute('role', 'alert');
    await user.click(start);
    expect(starts()).toHaveLength(0);
  });

  it('starts signing with the signers as stored and the two-step choice', async () => {
    const onClose = vi.fn();
    const { user } = renderWithApp(
      <SignerSetupDialog view={view} mode="start" onClose={onClose} />,
    );
    await paste(user, row(1).getByLabelText(/first name/i), 'anna-liisa');
    await paste(user, row(1).getByLabelText(/last name/i), 'von smith');
    await paste(user, row(1).getByLabelText(/e-mail/i), 'Anna@Sender.test');
    await paste(user, row(1).getByLabelText(/phone/i), ' 40 111 2222');
    await user.click(screen.getByRole('checkbox', { name: /two-step verification/i }));
    await user.click(screen.getByRole('button', { name: 'Start signing' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(starts()).toEqual([
      expect.objectContaining({
        path: `/api/v1/deals/${DEAL_ID}/start-signing`,
        body: {
          signers: [
            {
              party: 'sender',
              firstname: 'Anna-Liisa',
              lastname: 'Von Smith',
              email: 'anna@sender.test',
              phone: '+358401112222',
            },
          ],
          use2faInSigning: true,
        },
      }),
    ]);
  });

  it('turns the reminders off when asked (left on, the server’s defaults hold)', async () => {
    const onClose = vi.fn();
    const { user } = renderWithApp(
      <SignerSetupDialog view={view} mode="start" onClose={onClose} />,
    );
    const reminders = screen.getByRole('checkbox', { name: /remind signers who have not signed/i });
    expect(reminders).toBeChecked();
    expect(reminders).toHaveAccessibleName(
      'Remind signers who have not signed: after 3 days, then every 3 days, at most 5 times',
    );
    await paste(user, row(1).getByLabelText(/first name/i), 'ann');
    await paste(user, row(1).getByLabelText(/last name/i), 'lee');
    await paste(user, row(1).getByLabelText(/e-mail/i), 'ann@sender.test');
    await paste(user, row(1).getByLabelText(/phone/i), '401112222');
    await user.click(reminders);
    await user.click(screen.getByRole('button', { name: 'Start signing' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(starts()[0]?.body).toMatchObject({ use2faInSigning: false, reminders: null });
  });
});
