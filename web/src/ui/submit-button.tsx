import Button, { type ButtonProps } from '@mui/material/Button';

type SubmitButtonProps = Omit<ButtonProps, 'type' | 'loading'> & {
  /** The form's call is under way: the button shows a spinner and cannot be pressed again. */
  isPending?: boolean;
};

/** A form's main button. */
export function SubmitButton({ isPending = false, disabled, ...props }: SubmitButtonProps) {
  return (
    <Button
      variant="contained"
      {...props}
      type="submit"
      loading={isPending}
      disabled={disabled || isPending}
    />
  );
}
