import Grid from '@mui/material/Grid';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { FormTextField } from './form-text-field';

type NameFieldsProps<T extends FieldValues, TOut> = {
  control: Control<T, unknown, TOut>;
  labels: { firstname: string; lastname: string };
};

/** First and last name side by side (one above the other on phones), both required. */
export function NameFields<
  T extends FieldValues & { firstname: string; lastname: string },
  TOut = T,
>({ control, labels }: NameFieldsProps<T, TOut>) {
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField
          control={control}
          name={'firstname' as FieldPath<T>}
          label={labels.firstname}
          autoComplete="given-name"
          required
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField
          control={control}
          name={'lastname' as FieldPath<T>}
          label={labels.lastname}
          autoComplete="family-name"
          required
        />
      </Grid>
    </Grid>
  );
}
