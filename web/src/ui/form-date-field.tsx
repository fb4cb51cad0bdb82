import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { isIsoDate } from '@pactum/core/schedule';
import { type CSSProperties, useRef } from 'react';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { tidyIsoDate } from './date-input';

type FormDateFieldProps<T extends FieldValues, TOut = T> = Omit<
  TextFieldProps,
  'name' | 'type' | 'slotProps'
> & {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  /** The earliest date the calendar offers (YYYY-MM-DD); the form's check still decides. */
  min?: string;
  /** The text of an error message. */
  formatError: (message: string) => string;
};

/** The browser's date input, kept out of sight and out of reach: it only lends its calendar. */
const pickerStyle: CSSProperties = {
  position: 'absolute',
  right: 0,
  bottom: 0,
  width: 1,
  height: 1,
  padding: 0,
  border: 0,
  opacity: 0,
  pointerEvents: 'none',
};

/**
 * A date bound to a react-hook-form field, typed or picked, shown as YYYY-MM-DD: the product's
 * date format in both languages (spec 3 §9). The browser's own date input writes dates in the
 * browser's way instead (11/28/2026 in an English Chromium, whatever the app's language), so
 * the field is text, tidied when it is left (`tidyIsoDate`), and its calendar button opens the
 * browser's picker on a hidden date input.
 */
export function FormDateField<T extends FieldValues, TOut = T>({
  control,
  name,
  min,
  formatError,
  helperText,
  ...props
}: FormDateFieldProps<T, TOut>) {
  const { t } = useTranslation();
  const picker = useRef<HTMLInputElement>(null);
  const openPicker = () => {
    try {
      picker.current?.showPicker();
    } catch {
      // A browser without showPicker: the date is typed.
    }
  };
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { ref, onBlur, onChange, value }, fieldState }) => (
        <TextField
          fullWidth
          {...props}
          name={name}
          inputRef={ref}
          value={value ?? ''}
          onChange={(event) => onChange(event.target.value)}
          onBlur={() => {
            const tidy = tidyIsoDate(String(value ?? ''));
            if (tidy !== value) onChange(tidy);
            onBlur();
          }}
          placeholder={t('common.datePlaceholder')}
          error={Boolean(fieldState.error)}
          helperText={
            fieldState.error?.message ? formatError(fieldState.error.message) : helperText
          }
          slotProps={{
            inputLabel: { shrink: true },
            htmlInput: { inputMode: 'numeric', autoComplete: 'off', maxLength: 10 },
            input: {
              endAdornment: (
                <InputAdornment position="end" sx={{ position: 'relative' }}>
                  <IconButton edge="end" aria-label={t('common.openCalendar')} onClick={openPicker}>
                    <CalendarMonthOutlined />
                  </IconButton>
                  <input
                    ref={picker}
                    type="date"
                    aria-hidden
                    tabIndex={-1}
                    min={min}
                    value={isIsoDate(String(value ?? '')) ? String(value) : ''}
                    onChange={(event) => {
                      if (event.target.value) onChange(event.target.value);
                    }}
                    style={pickerStyle}
                  />
                </InputAdornment>
              ),
            },
          }}
        />
      )}
    />
  );
}
