import Alert, { type AlertProps } from '@mui/material/Alert';
import { useErrorText } from './use-error-text';

type ErrorAlertProps = Omit<AlertProps, 'children'> & {
  /** A failed call (ApiError) or any thrown value; nothing is shown while it is empty. */
  error: unknown;
  /** The text of an unexpected failure, instead of the generic one. */
  fallback?: string;
  /** A feature's own text for the errors it knows (e.g. a server text it translates). */
  describe?: (error: unknown) => string | undefined;
};

/** A failed call's message in the user's language, as an alert read out by screen readers. */
export function ErrorAlert({ error, fallback, describe, ...props }: ErrorAlertProps) {
  const text = useErrorText(error, { fallback, describe });
  if (!error || text === undefined) return null;
  return (
    <Alert severity="error" role="alert" {...props}>
      {text}
    </Alert>
  );
}
