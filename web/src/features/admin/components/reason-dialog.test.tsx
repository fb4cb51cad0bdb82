// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { ReasonDialog } from './reason-dialog';

const open = (props: { isReasonOptional?: boolean; onSubmit: (reason: string) => void }) =>
  renderWithApp(
    <ReasonDialog
      title="Block the user"
      confirmLabel="Block"
      isPending={false}
      error={null}
      onClose={vi.fn()}
      {...props}
    />,
  );

describe('reason dialog', { timeout: 20_000 }, () => {
  it('asks for a reason of at least 3 characters before confirming', async () => {
    const onSubmit = vi.fn();
    const { user } = open({ onSubmit });
    await user.click(screen.getByRole('button', { name: 'Block' }));
    expect(await screen.findByRole('textbox', { name: /reason/i })).toBeInvalid();

    await user.type(screen.getByRole('textbox', { name: /reason/i }), 'ab');
    expect(await screen.findByText('At least 3 characters')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Block' }));
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(screen.getByRole('textbox', { name: /reason/i }), 'c');
    await user.click(screen.getByRole('button', { name: 'Block' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith('abc'));
  });

  it('lets an order review go without a reason, but not with a too short one', async () => {
    const onSubmit = vi.fn();
    const { user } = open({ onSubmit, isReasonOptional: true });
    await user.type(screen.getByRole('textbox', { name: /reason/i }), 'x');
    await user.click(screen.getByRole('button', { name: 'Block' }));
    expect(await screen.findByText('At least 3 characters')).toBeVisible();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(screen.getByRole('textbox', { name: /reason/i }));
    await user.click(screen.getByRole('button', { name: 'Block' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(''));
  });
});
