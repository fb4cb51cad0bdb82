import type { ComponentType, ReactNode } from 'react';
import { CheckCircleIcon, ErrorCircleIcon, InfoCircleIcon, WarningIcon } from './plain-icons';

export type AlertSeverity = 'success' | 'info' | 'warning' | 'error';

const icons: Record<AlertSeverity, ComponentType> = {
  success: CheckCircleIcon,
  info: InfoCircleIcon,
  warning: WarningIcon,
  error: ErrorCircleIcon,
};

type PlainAlertProps = {
  severity: AlertSeverity;
  /** `filled`: white on the severity's colour (toasts); `standard`: tinted. */
  variant?: 'standard' | 'filled';
  /** `alert` for a failure read out at once, `status` for news that can wait. */
  role?: 'alert' | 'status';
  /** Buttons at the end (e.g. a toast's action and close button). */
  action?: ReactNode;
  className?: string;
  children: ReactNode;
};

/** MUI's alert in the theme's look, drawn by the plain kit (`.pl-alert`). */
export function PlainAlert({
  severity,
  variant = 'standard',
  role,
  action,
  className,
  children,
}: PlainAlertProps) {
  const Icon = icons[severity];
  const classes = ['pl-alert', `pl-alert-${variant === 'filled' ? 'filled-' : ''}${severity}`];
  if (className) classes.push(className);
  return (
    <div className={classes.join(' ')} role={role ?? (severity === 'error' ? 'alert' : 'status')}>
      <Icon />
      <div className="pl-alert-body">{children}</div>
      {action && <div className="pl-alert-action">{action}</div>}
    </div>
  );
}
