import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';

type CreditsFieldProps<T extends FieldValues, TOut = T> = {
  control: Control<T, unknown, TOut>;
  name: Path<T>;
  label: string;
  /** The slider's name for screen readers (the number field carries `label`). */
  sliderLabel: string;
  /** The slider's range; the number field takes larger amounts too. */
  min: number;
  sliderMax: number;
  helperText?: string;
  /** The text of the field's error message. */
  formatError: (message: string) => string;
};

/**
 * A whole number chosen with a slider or typed (spec 3 §5: slider and number field). An empty
 * field holds NaN, which the schema refuses as required.
 */
export function CreditsField<T extends FieldValues, TOut = T>({
  control,
  name,
  label,
  sliderLabel,
  min,
  sliderMax,
  helperText,
  formatError,
}: CreditsFieldProps<T, TOut>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const value = typeof field.value === 'number' ? field.value : Number.NaN;
        return (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 3 }}>
            <Slider
              aria-label={sliderLabel}
              value={Number.isNaN(value) ? min : Math.min(Math.max(value, min), sliderMax)}
              min={min}
              max={sliderMax}
              valueLabelDisplay="auto"
              onChange={(_event, next) => field.onChange(next)}
              onBlur={field.onBlur}
              sx={{ flex: 1, alignSelf: 'center', mx: { xs: 1, sm: 1 } }}
            />
            <TextField
              inputRef={field.ref}
              label={label}
              type="number"
              required
              value={Number.isNaN(value) ? '' : value}
              onChange={(event) =>
                field.onChange(event.target.value === '' ? Number.NaN : Number(event.target.value))
              }
              onBlur={field.onBlur}
              error={Boolean(fieldState.error)}
              helperText={
                fieldState.error?.message ? formatError(fieldState.error.message) : helperText
              }
              slotProps={{ htmlInput: { min, step: 1, inputMode: 'numeric' } }}
              sx={{ width: { xs: '100%', sm: 180 }, flexShrink: 0 }}
            />
          </Stack>
        );
      }}
    />
  );
}
