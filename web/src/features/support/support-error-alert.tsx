import { useTranslation } from 'react-i18next';
import { ApiError } from '../../app/http';
import { PlainAlert } from '../../ui/plain/plain-alert';
import { PlainErrorAlert } from '../../ui/plain/plain-error-alert';
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

type SupportErrorAlertProps = {
  error: unknown;
  fallback?: string;
  describe?: (error: unknown) => string | undefined;
};

/**
 * A failed call's alert, with the ways to reach support under a refusal only support can help
 * with. Drawn by the plain kit: the sign-in card shows it.
 */
export function SupportErrorAlert({ error, fallback, describe }: SupportErrorAlertProps) {
  const { t } = useTranslation();
  const key = supportErrorKey(error);
  if (!key) return <PlainErrorAlert error={error} fallback={fallback} describe={describe} />;
  return (
    <PlainAlert severity="error" role="alert">
      {t(key)}
      <SupportContact />
    </PlainAlert>
  );
}
