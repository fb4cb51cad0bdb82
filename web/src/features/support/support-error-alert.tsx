import Alert from '@mui/material/Alert';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../app/http';
import { ErrorAlert } from '../../ui/error-alert';
import { SupportContact } from './support-contact';

/**
 * The refusals only Pactum's support can help with, and the web's text of each. The API's
 * own text adds 'Please contact support', which here the configured ways replace.
 */
const supportErrors = {
  signer_not_found: 'support.errors.signerNotFound',
  account_disabled: 'support.errors.accountDisabled',
} as const;

function supportErrorKey(error: unknown) {
  if (!(error instanceof ApiError) || !Object.hasOwn(supportErrors, error.code)) return undefined;
  return supportErrors[error.code as keyof typeof supportErrors];
}

/** `ErrorAlert`, with the ways to reach support under a refusal only support can help with. */
export function SupportErrorAlert({
  error,
  fallback,
  describe,
  ...props
}: ComponentProps<typeof ErrorAlert>) {
  const { t } = useTranslation();
  const key = supportErrorKey(error);
  if (!key) return <ErrorAlert error={error} fallback={fallback} describe={describe} {...props} />;
  return (
    <Alert severity="error" role="alert" {...props}>
      {t(key)}
      <SupportContact />
    </Alert>
  );
}
