// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, type FakeAnswer, fakeServer, renderWithApp } from '../../../test/render';
import type { TemplateDetail } from '../api/get-template';
import { TemplateSettingsDialog } from './template-settings-dialog';

const TEMPLATE_ID = '5b4a3928-1706-4f5e-8d4c-3b2a19080706';
const PATH = `/api/v1/templates/${TEMPLATE_ID}`;
const PUBLISH_PATH = `${PATH}/publish`;

/** A private template without a coupon or a price; `canPublish` for an administrator. */
const template = (extra: Partial<TemplateDetail> = {}) =>
  ({
    id: TEMPLATE_ID,
    title: 'Supply agreement',
    couponCode: null,
    price: null,
    partner: null,
    isGlobal: false,
    canPublish: true,
    ...extra,
  }) as TemplateDetail;

type User = ReturnType<typeof renderWithApp>['user'];

describe('template settings dialog', { timeout: 20_000 }, () => {
  let server: ReturnType<typeof fakeServer>;
  let saveAnswer: FakeAnswer;
  let publishAnswer: FakeAnswer;
  const saves = () => server.writes().filter((request) => request.path === PATH);
  const publishes = () => server.writes().filter((request) => request.path === PUBLISH_PATH);
  beforeEach(() => {
    saveAnswer = {};
    publishAnswer = {};
    server = fakeServer((request) => {
      if (request.path === PATH && request.method === 'PATCH') return saveAnswer;
      if (request.path === PUBLISH_PATH) return publishAnswer;
      return {};
    });
  });

  const open = (detail = template(), onClose = vi.fn()) =>
    renderWithApp(<TemplateSettingsDialog template={detail} onClose={onClose} />);
  const coupon = () => screen.getByRole('textbox', { name: 'Coupon code' });
  const price = () => screen.getByRole('textbox', { name: 'Price per receiver (credits)' });
  const partner = () => screen.getByRole('textbox', { name: 'Partner' });
  const save = () => screen.getByRole('button', { name: 'Save' });

  /** Puts text in a field at once (quicker than typing it key by key). */
  async function paste(user: User, field: HTMLElement, text: string) {
    await user.click(field);
    await user.paste(text);
  }

  it('refuses a coupon code that is not a slug, too short or too long, and sends nothing', async () => {
    const { user } = open();
    expect(save()).toBeDisabled();

    // Sent with Enter, before the field is left: the code is checked as it was typed.
    await user.type(coupon(), 'Special Offer 2026{Enter}');
    expect(
      await screen.findByText(
        'Use lower-case letters, digits and single dashes, e.g. special-offer-0405.',
      ),
    ).toBeVisible();
    expect(coupon()).toBeInvalid();
    // Typing again takes the message away.
    await user.type(coupon(), 'x');
    expect(coupon()).toBeValid();
    expect(screen.getByText(/Anyone with the code gets access/)).toBeVisible();

    await user.clear(coupon());
    await user.type(coupon(), 'offer-1');
    await user.tab();
    await user.click(save());
    expect(
      await screen.findByText('Use at least 10 characters, so the code cannot be guessed.'),
    ).toBeVisible();

    await user.clear(coupon());
    await paste(user, coupon(), 'a'.repeat(251));
    await user.click(save());
    expect(await screen.findByText('Too much text. 250 characters max.')).toBeVisible();
    expect(saves()).toHaveLength(0);
  });

  it('takes digits only for the price and waits for one of at most 10000', async () => {
    const { user } = open();
    await user.type(price(), '2x0');
    expect(price()).toHaveValue('20');
    expect(save()).toBeEnabled();

    await user.type(price(), '000');
    expect(price()).toHaveValue('20000');
    await waitFor(() => expect(price()).toBeInvalid());
    expect(save()).toBeDisabled();
    await user.type(price(), '{Enter}');
    expect(saves()).toHaveLength(0);

    await user.type(price(), '{Backspace}');
    await waitFor(() => expect(save()).toBeEnabled());
    expect(price()).toBeValid();
  });

  it('sends the coupon as a slug and the changed price, then closes', async () => {
    const onClose = vi.fn();
    const { user } = open(template(), onClose);
    await user.type(coupon(), ' Special Offer 2026 ');
    await user.tab();
    expect(coupon()).toHaveValue('special-offer-2026');
    await user.type(price(), '3');
    await user.click(save());

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(saves()).toEqual([
      expect.objectContaining({
        method: 'PATCH',
        body: { couponCode: 'special-offer-2026', price: 3 },
      }),
    ]);
  });

  it('sends an emptied coupon as none, and no price for a user who cannot set one', async () => {
    const onClose = vi.fn();
    const { user } = open(
      template({ canPublish: false, couponCode: 'special-offer-2026', price: 4 }),
      onClose,
    );
    expect(screen.queryByRole('textbox', { name: /price/i })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Partner' })).toBeNull();
    expect(save()).toBeDisabled();
    await user.clear(coupon());
    await user.click(save());

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(saves()).toEqual([expect.objectContaining({ body: { couponCode: null } })]);
  });

  it('shows a coupon code in use on its field and keeps what was typed', async () => {
    saveAnswer = apiError(409, 'coupon_in_use');
    const onClose = vi.fn();
    const { user } = open(template(), onClose);
    await user.type(coupon(), 'special-offer-2026');
    await user.click(save());

    expect(
      await screen.findByText('This coupon code is already in use. Please write another one.'),
    ).toBeVisible();
    expect(coupon()).toBeInvalid();
    expect(coupon()).toHaveValue('special-offer-2026');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(saves()).toHaveLength(1);
    expect(onClose).not.toHaveBeenCalled();
  });

  it("puts the server's field messages under the fields and other refusals in the dialog", async () => {
    saveAnswer = apiError(400, 'validation_failed', {
      fields: { couponCode: 'Too much text. 250 characters max.' },
    });
    const { user } = open();
    await user.type(coupon(), 'special-offer-2026');
    await user.type(price(), '7');
    await user.click(save());
    expect(await screen.findByText('Too much text. 250 characters max.')).toBeVisible();
    expect(coupon()).toBeInvalid();
    expect(await screen.findByRole('alert')).toHaveTextContent('Some fields are not valid.');

    saveAnswer = apiError(409, 'conflict');
    await user.click(save());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This was changed meanwhile. Please reload and try again.',
    );
    expect(coupon()).toHaveValue('special-offer-2026');
    expect(price()).toHaveValue('7');
    expect(saves()).toHaveLength(2);
  });

  it('publishes only under a partner of at most 250 characters, after a confirmation', async () => {
    const { user } = open();
    const publish = screen.getByRole('button', { name: 'Publish' });
    await user.click(publish);
    expect(await screen.findByText('Publishing needs a partner.')).toBeVisible();
    await user.type(partner(), '   ');
    await user.click(publish);
    expect(await screen.findByText('Publishing needs a partner.')).toBeVisible();

    await user.clear(partner());
    await paste(user, partner(), 'p'.repeat(251));
    await user.click(publish);
    expect(await screen.findByText('Too much text. 250 characters max.')).toBeVisible();
    expect(screen.queryByRole('dialog', { name: 'Publish the template?' })).toBeNull();
    expect(publishes()).toHaveLength(0);

    await user.clear(partner());
    await user.type(partner(), '  Acme Legal  ');
    await user.click(publish);
    const confirm = await screen.findByRole('dialog', { name: 'Publish the template?' });
    expect(
      within(confirm).getByText('Every user will see it as a template of Acme Legal.'),
    ).toBeVisible();
    await user.click(within(confirm).getByRole('button', { name: 'Publish' }));

    await waitFor(() => expect(publishes()).toHaveLength(1));
    expect(publishes()[0]).toMatchObject({ method: 'POST', body: { partner: 'Acme Legal' } });
    expect(saves()).toHaveLength(0);
  });

  it('shows a refused publish in the dialog and keeps the partner', async () => {
    publishAnswer = apiError(400, 'validation_failed', {
      fields: { partner: 'Publishing needs a partner.' },
    });
    const { user } = open();
    await user.type(partner(), 'Acme Legal');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    const confirm = await screen.findByRole('dialog', { name: 'Publish the template?' });
    await user.click(within(confirm).getByRole('button', { name: 'Publish' }));

    expect(await screen.findByText('Publishing needs a partner.')).toBeVisible();
    expect(await screen.findByRole('alert')).toHaveTextContent('Some fields are not valid.');
    expect(partner()).toHaveValue('Acme Legal');
    expect(partner()).toBeInvalid();
  });
});
