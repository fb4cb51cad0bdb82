import { DECLINE_REASON_MAX, DECLINE_REASON_MIN } from '@pactum/core/signing';
import { type Control, type FieldPath, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../ui/form-text-field';

/**
 * The reason a decline or a withdrawal gives (10–1,000 characters), with how many are typed:
 * the other side reads it, so it is asked for in full sentences.
 */
export function ReasonField<T extends { reason: string }, TOut>({
  control,
  label,
  autoFocus = true,
}: {
  control: Control<T, unknown, TOut>;
  label: string;
  /** Focused when the dialog opens (off where another field comes first). */
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const name = 'reason' as FieldPath<T>;
  const reason = String(useWatch({ control, name }) ?? '');
  return (
    <FormTextField
      control={control}
      name={name}
      label={label}
      helperText={t('signing.decline.reasonHelp', {
        count: reason.trim().length,
        min: DECLINE_REASON_MIN,
        max: DECLINE_REASON_MAX,
      })}
      required
      multiline
      minRows={3}
      autoFocus={autoFocus}
    />
  );
}
