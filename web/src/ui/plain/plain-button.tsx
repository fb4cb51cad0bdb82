import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { Spinner } from './plain-spinner';

type PlainButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'className'> & {
  variant?: 'contained' | 'outlined' | 'text';
  size?: 'medium' | 'large';
  /** An outlined button in the text's colour (the single sign-on buttons). */
  isNeutral?: boolean;
  /** The form's call is under way: a spinner over the label, and it cannot be pressed again. */
  isPending?: boolean;
  startIcon?: ReactNode;
  /** Layout classes (`pl-center`, `pl-start`). */
  className?: string;
  ref?: Ref<HTMLButtonElement>;
};

/** MUI's button in the theme's look, drawn by the plain kit (`.pl-button`). */
export function PlainButton({
  variant = 'text',
  size = 'medium',
  isNeutral = false,
  isPending = false,
  startIcon,
  className,
  type = 'button',
  disabled,
  children,
  ...props
}: PlainButtonProps) {
  const classes = ['pl-button', `pl-button-${variant}`];
  if (size === 'large') classes.push('pl-button-large');
  if (isNeutral) classes.push('pl-button-neutral');
  if (isPending) classes.push('pl-button-busy');
  if (className) classes.push(className);
  return (
    <button {...props} type={type} className={classes.join(' ')} disabled={disabled || isPending}>
      {startIcon}
      {children}
      {isPending && <Spinner size="small" />}
    </button>
  );
}
