import Alert from '@mui/material/Alert';
import Grid from '@mui/material/Grid';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../ui/form-text-field';
import { TEST_CARD_NUMBERS } from '../card-input';

type CardFieldsProps<T extends FieldValues, TOut = T> = {
  /** A form whose values hold `card: CardFields`. */
  control: Control<T, unknown, TOut>;
};

/**
 * The card entry of the built-in test processor: number, MM, YY and CVC, with the test cards
 * to use. Each field's error reads as the field's own message.
 */
export function CardFields<T extends FieldValues, TOut = T>({ control }: CardFieldsProps<T, TOut>) {
  const { t } = useTranslation();
  const path = (part: string) => `card.${part}` as Path<T>;
  return (
    <>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <FormTextField
            control={control}
            name={path('number')}
            label={t('workspaces.card.number')}
            autoComplete="cc-number"
            required
            formatError={() => t('workspaces.card.invalidNumber')}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 23 } }}
          />
        </Grid>
        <Grid size={{ xs: 4, md: 2 }}>
          <FormTextField
            control={control}
            name={path('expMonth')}
            label={t('workspaces.card.expMonth')}
            autoComplete="cc-exp-month"
            required
            formatError={() => t('workspaces.card.invalidExpiry')}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 2 } }}
          />
        </Grid>
        <Grid size={{ xs: 4, md: 2 }}>
          <FormTextField
            control={control}
            name={path('expYear')}
            label={t('workspaces.card.expYear')}
            autoComplete="cc-exp-year"
            required
            formatError={() => t('workspaces.card.invalidExpiry')}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
          />
        </Grid>
        <Grid size={{ xs: 4, md: 2 }}>
          <FormTextField
            control={control}
            name={path('cvc')}
            label={t('workspaces.card.cvc')}
            autoComplete="cc-csc"
            required
            formatError={() => t('workspaces.card.invalidCvc')}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
          />
        </Grid>
      </Grid>
      <Alert severity="info" variant="outlined">
        {t('workspaces.card.testCards', TEST_CARD_NUMBERS)}
      </Alert>
    </>
  );
}
