// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { workspaceListItem } from '../../test/fixtures';
import { apiError, fakeServer, renderWithApp, type SentRequest } from '../../test/render';
import { SendPdfPage } from './send-pdf-page';

const UPLOAD_ID = '3f1c2a9e-6b7d-4c55-9e0a-1b2c3d4e5f60';
const WORKSPACE_ID = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const DEAL_ID = '0b1c2d3e-4f50-4a61-8b72-93a4b5c6d7e8';

const me = { id: 'u1', email: 'mary@sender.test', firstname: 'Mary', lastname: 'Sender' };
const workspace = workspaceListItem(WORKSPACE_ID, 'Sender Oy', 12);

let server: ReturnType<typeof fakeServer>;
let sendAnswer: { status?: number; body?: unknown };

/** The page with a PDF already uploaded (the saved draft holds it) and one workspace. */
function answer(request: SentRequest) {
  if (request.path === '/api/v1/me') return { body: me };
  if (request.path === '/api/v1/workspaces') return { body: [workspace] };
  if (request.path === '/api/v1/send-pdf/draft' && request.method === 'GET') {
    return { body: { draft: { uploadId: UPLOAD_ID, uploadName: 'contract.pdf' } } };
  }
  if (request.path === '/api/v1/send-pdf') return sendAnswer;
  return {};
}

const sent = () => server.requests.filter((request) => request.path === '/api/v1/send-pdf');

async function openPage() {
  const view = renderWithApp(<SendPdfPage />, { path: '/send-pdf' });
  // The saved draft is in: its PDF is shown as uploaded.
  expect(await screen.findByText(/contract\.pdf/)).toBeInTheDocument();
  return view;
}

// Fields are found by their labels (quicker than by role on a page this size), inside the
// party's section and the signer's group as a person reads them.
function party(name: 'Sender' | 'Receiver') {
  return within(screen.getByRole('region', { name }));
}

function signer(partyName: 'Sender' | 'Receiver', n = 1) {
  return within(party(partyName).getByRole('group', { name: `Signer ${n}` }));
}

type User = ReturnType<typeof renderWithApp>['user'];

/** Replaces a field's text as a person pasting it does (one change: quicker than typing). */
async function fill(user: User, field: HTMLElement, text: string) {
  if ((field as HTMLInputElement).value) await user.clear(field);
  else await user.click(field);
  await user.paste(text);
}

async function fillSigner(
  user: User,
  row: ReturnType<typeof signer>,
  values: { firstname: string; lastname: string; email: string; phone: string },
) {
  await fill(user, row.getByLabelText(/first name/i), values.firstname);
  await fill(user, row.getByLabelText(/last name/i), values.lastname);
  await fill(user, row.getByLabelText(/e-mail/i), values.email);
  await fill(user, row.getByLabelText(/phone/i), values.phone);
}

const confirmBox = () => screen.getByRole('checkbox', { name: /want to send it for signing/ });

/** Fills every required field with valid values. */
async function fillValidForm(user: User) {
  await fill(user, screen.getByLabelText(/document name/i), 'Supply deal');
  await fill(user, party('Sender').getByLabelText(/company name/i), 'Sender Oy');
  await fill(user, party('Receiver').getByLabelText(/company name/i), 'Receiver Ltd');
  await fillSigner(user, signer('Sender'), {
    firstname: 'mary',
    lastname: 'sender',
    email: 'Mary@Sender.test',
    phone: '+358 40 111 2222',
  });
  await fillSigner(user, signer('Receiver'), {
    firstname: 'Rick',
    lastname: 'Receiver',
    email: 'rick@receiver.test',
    phone: '+358403334444',
  });
  await user.click(screen.getByRole('combobox', { name: /workspace/i }));
  await user.click(await screen.findByRole('option', { name: /Sender Oy/ }));
  // The rest of the page is out of reach until the list has closed.
  await waitFor(() => expect(confirmBox()).toBeInTheDocument());
  await user.click(confirmBox());
}

const sendButton = () => screen.getByRole('button', { name: 'Send for signing' });

// A whole form is filled in a test: slower than the default 5 s on a busy 2-core machine.
describe('Send & Sign PDF form', { timeout: 30_000 }, () => {
  beforeEach(() => {
    sendAnswer = { body: { dealId: DEAL_ID, message: 'This document is now ready for signing.' } };
    server = fakeServer(answer);
  });

  it('shows what each empty field needs and sends nothing', async () => {
    const { user } = await openPage();
    await user.click(sendButton());

    expect(screen.getByLabelText(/document name/i)).toHaveAccessibleDescription(
      'This field is required',
    );
    expect(party('Sender').getByLabelText(/company name/i)).toBeInvalid();
    expect(party('Receiver').getByLabelText(/company name/i)).toBeInvalid();
    expect(signer('Receiver').getByLabelText(/e-mail/i)).toHaveAccessibleDescription(
      'Field is required',
    );
    expect(
      screen.getByText('Please select workspace before sending. Workspace is not selected.'),
    ).toBeInTheDocument();
    expect(sent()).toHaveLength(0);
  });

  it('refuses a bad phone, a bad e-mail and one e-mail twice, and sends nothing unconfirmed', async () => {
    const { user } = await openPage();
    await fillValidForm(user);
    const receiverEmail = signer('Receiver').getByLabelText(/e-mail/i);
    await fill(user, receiverEmail, 'mary@sender.test');
    const senderPhone = signer('Sender').getByLabelText(/phone/i);
    await fill(user, senderPhone, '+35840abc');
    await user.click(sendButton());

    expect(senderPhone).toHaveAccessibleDescription('Phone number must be valid (e.g., +358)');
    expect(
      await screen.findByText('You have signers with same email: mary@sender.test'),
    ).toHaveAttribute('role', 'alert');
    expect(sent()).toHaveLength(0);

    // Once sent, the form is checked at each change.
    await fill(user, receiverEmail, 'rick@');
    await waitFor(() => expect(receiverEmail).toHaveAccessibleDescription('E-mail must be valid'));
    expect(screen.queryByText(/same email/)).not.toBeInTheDocument();
    await user.click(sendButton());
    expect(sent()).toHaveLength(0);

    // Everything right but the confirmation: still nothing is sent.
    await fill(user, receiverEmail, 'rick@receiver.test');
    await fill(user, senderPhone, '+358401112222');
    await user.click(confirmBox());
    await waitFor(() => expect(senderPhone).toBeValid());
    await user.click(sendButton());
    await waitFor(() => expect(receiverEmail).toBeValid());
    expect(sent()).toHaveLength(0);
  });

  it('keeps what was typed when the server refuses, then sends the checked request and opens the deal', async () => {
    sendAnswer = apiError(409, 'insufficient_credits');
    const { user, router } = await openPage();
    await fillValidForm(user);
    await user.click(screen.getByRole('checkbox', { name: 'Add representatives' }));
    await fill(
      user,
      screen.getByLabelText(/representatives' e-mails/i),
      'Boss@Receiver.test, lawyer@receiver.test',
    );
    await fill(user, screen.getByLabelText(/message to the representatives/i), 'For your files');
    await user.click(sendButton());

    expect(await screen.findByText('Insufficient credits for this billing account.')).toBeVisible();
    expect(sent()).toHaveLength(1);
    expect(screen.getByLabelText(/document name/i)).toHaveValue('Supply deal');
    expect(signer('Receiver').getByLabelText(/e-mail/i)).toHaveValue('rick@receiver.test');
    expect(sendButton()).toBeEnabled();

    sendAnswer = { body: { dealId: DEAL_ID, message: 'This document is now ready for signing.' } };
    await user.click(sendButton());
    await waitFor(() => expect(sent()).toHaveLength(2));
    expect(sent()[1]).toMatchObject({
      method: 'POST',
      body: {
        uploadId: UPLOAD_ID,
        title: 'Supply deal',
        sender: { name: 'Sender Oy', businessId: '' },
        receiver: { name: 'Receiver Ltd', businessId: '' },
        signers: [
          {
            party: 'sender',
            firstname: 'Mary',
            lastname: 'Sender',
            email: 'mary@sender.test',
            phone: '+358401112222',
          },
          {
            party: 'receiver',
            firstname: 'Rick',
            lastname: 'Receiver',
            email: 'rick@receiver.test',
            phone: '+358403334444',
          },
        ],
        use2faInSigning: false,
        representatives: {
          emails: ['boss@receiver.test', 'lawyer@receiver.test'],
          message: 'For your files',
        },
        workspaceId: WORKSPACE_ID,
        isConfirmed: true,
      },
    });
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/dashboard/documents/deals/${DEAL_ID}/sign`),
    );
  });
});
