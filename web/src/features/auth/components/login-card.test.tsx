// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeServer, renderWithApp } from '../../../test/render';
import { LoginCard } from './login-card';

const signIns = (server: ReturnType<typeof fakeServer>) =>
  server.requests.filter((request) => request.path === '/api/v1/auth/sign-in');

describe('sign-in card', { timeout: 20_000 }, () => {
  let server: ReturnType<typeof fakeServer>;
  let signInAnswer: { status?: number; body?: unknown };
  beforeEach(() => {
    signInAnswer = { body: { id: 'u1', email: 'ann@example.test', lang: 'en' } };
    server = fakeServer((request) =>
      request.path === '/api/v1/auth/sign-in' ? signInAnswer : { body: {} },
    );
  });

  const renderCard = (onSignedIn = vi.fn()) =>
    renderWithApp(<LoginCard returnTo={null} signupHref="/signup" onSignedIn={onSignedIn} />);

  it('asks for both fields and a valid address, and sends nothing until they are right', async () => {
    const { user } = renderCard();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(2);

    await user.type(screen.getByRole('textbox', { name: /email/i }), 'ann@example');
    expect(await screen.findByText('Invalid email address')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(signIns(server)).toHaveLength(0);
  });

  it('signs in with the address trimmed and lower-cased', async () => {
    const onSignedIn = vi.fn();
    const { user } = renderCard(onSignedIn);
    await user.type(screen.getByRole('textbox', { name: /email/i }), ' Ann@Example.test ');
    await user.type(screen.getByLabelText(/^password/i), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(signIns(server)).toEqual([
      expect.objectContaining({ body: { email: 'ann@example.test', password: 'secret1' } }),
    ]);
  });

  it('keeps what was typed when the server refuses', async () => {
    signInAnswer = apiError(401, 'invalid_credentials');
    const { user } = renderCard();
    await user.type(screen.getByRole('textbox', { name: /email/i }), 'ann@example.test');
    await user.type(screen.getByLabelText(/^password/i), 'wrong-one');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('alert')).toBeVisible();
    expect(screen.getByRole('textbox', { name: /email/i })).toHaveValue('ann@example.test');
    expect(screen.getByLabelText(/^password/i)).toHaveValue('wrong-one');
  });
});
