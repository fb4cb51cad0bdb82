// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, renderWithApp } from '../../../test/render';
import { SignupForm } from './signup-form';

const signUps = (server: ReturnType<typeof fakeServer>) =>
  server.requests.filter((request) => request.path === '/api/v1/auth/sign-up');

describe('sign-up form', { timeout: 20_000 }, () => {
  let server: ReturnType<typeof fakeServer>;
  beforeEach(() => {
    server = fakeServer((request) =>
      request.path === '/api/v1/auth/sign-up'
        ? { body: { id: 'u1', email: 'ann@example.test' } }
        : {},
    );
  });

  async function fillValid(user: ReturnType<typeof renderWithApp>['user']) {
    await user.type(screen.getByRole('textbox', { name: /first name/i }), 'ann');
    await user.type(screen.getByRole('textbox', { name: /last name/i }), 'lee');
    await user.type(screen.getByRole('textbox', { name: /email/i }), 'Ann@Example.test');
    await user.type(screen.getByLabelText(/^password/i), 'secret1');
    await user.click(screen.getByRole('checkbox', { name: /I accept/ }));
  }

  it('keeps the button disabled and says why while a field breaks its rule', async () => {
    const { user } = renderWithApp(<SignupForm onSignedUp={vi.fn()} />);
    const submit = screen.getByRole('button', { name: 'Create account' });
    await fillValid(user);
    await waitFor(() => expect(submit).toBeEnabled());

    const email = screen.getByRole('textbox', { name: /email/i });
    await user.clear(email);
    await user.type(email, 'ann@');
    expect(await screen.findByText('Invalid email address')).toBeVisible();
    expect(submit).toBeDisabled();
    await user.clear(email);
    await user.type(email, 'ann@example.test');

    const password = screen.getByLabelText(/^password/i);
    await user.clear(password);
    await user.type(password, 'short');
    expect(await screen.findByText('Too weak password')).toBeVisible();
    expect(submit).toBeDisabled();
    await user.type(password, '1');
    await waitFor(() => expect(submit).toBeEnabled());

    const phone = screen.getByRole('textbox', { name: /phone/i });
    await user.type(phone, 'x');
    expect(
      await screen.findByText(
        'Invalid format for mobile phone. Use + and the digits, e.g. +358401234567',
      ),
    ).toBeVisible();
    expect(submit).toBeDisabled();
    await user.type(phone, '{Backspace}');

    await user.click(screen.getByRole('checkbox', { name: /I accept/ }));
    await waitFor(() => expect(submit).toBeDisabled());
    expect(signUps(server)).toHaveLength(0);
  });

  it('sends the account as the shared schema makes it', async () => {
    const onSignedUp = vi.fn();
    const { user } = renderWithApp(<SignupForm onSignedUp={onSignedUp} inviteId="inv-1" />);
    await fillValid(user);
    const submit = screen.getByRole('button', { name: 'Create account' });
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);

    await waitFor(() => expect(onSignedUp).toHaveBeenCalled());
    expect(signUps(server)).toEqual([
      expect.objectContaining({
        method: 'POST',
        body: {
          firstname: 'ann',
          lastname: 'lee',
          email: 'ann@example.test',
          phone: '+358',
          password: 'secret1',
          acceptTerms: true,
          lang: 'en',
          inviteId: 'inv-1',
        },
      }),
    ]);
  });
});
