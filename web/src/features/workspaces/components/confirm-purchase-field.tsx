import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';

type Props<T extends FieldValues, TOut = T> = {
  control: Control<T, unknown, TOut>;
  name: Path<T>;
  /** 'I confirm the purchase of %s credits for %s'. */
  label: string;
  disabled?: boolean;
};

/** The purchase confirmation that every order and purchase needs before its button works. */
export function ConfirmPurchaseField<T extends FieldValues, TOut = T>({
  control,
  name,
  label,
  disabled,
}: Props<T, TOut>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          label={label}
          disabled={disabled}
          control={
            <Checkbox
              inputRef={field.ref}
              checked={field.value === true}
              onChange={(event) => field.onChange(event.target.checked)}
              onBlur={field.onBlur}
            />
          }
        />
      )}
    />
  );
}
