import type { ReactNode } from 'react';
import { useErrorText } from '../use-error-text';
import { PlainAlert } from './plain-alert';

type PlainErrorAlertProps = {
  /** A failed call (ApiError) or any thrown value; nothing is shown while it is empty. */
  error: unknown;
  /** The text of an unexpected failure, instead of the generic one. */
  fallback?: string;
  /** A feature's own text for the errors it knows (e.g. a server text it translates). */
  describe?: (error: unknown) => string | undefined;
  /** Shown under the text (e.g. the ways to reach support). */
  children?: ReactNode;
};

/** `ErrorAlert` drawn by the plain kit: a failed call's message in the user's language. */
export function PlainErrorAlert({ error, fallback, describe, children }: PlainErrorAlertProps) {
  const text = useErrorText(error, { fallback, describe });
  if (!error || text === undefined) return null;
  return (
    <PlainAlert severity="error" role="alert">
      {text}
      {children}
    </PlainAlert>
  );
}
