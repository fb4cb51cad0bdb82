import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { Lang } from '@pactum/core/validation';
import { useState } from 'react';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLang } from './use-lang';
import { useTranslateMessage } from './validation-texts';

type FormTextFieldProps<T extends FieldValues, TOut = T> = Omit<TextFieldProps, 'name'> & {
  /** The form's control; the form may parse its values into another shape (`TOut`). */
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  /** A password field with a show/hide button. */
  isPassword?: boolean;
  /** The text of an error message, when the shared translation is not the one to show. */
  formatError?: (message: string) => string;
};

/**
 * A text field bound to a react-hook-form field. Its error (a shared message key such as
 * `v:minLength|n=6`) is shown in the user's language under the field.
 */
export function FormTextField<T extends FieldValues, TOut = T>({
  control,
  name,
  isPassword = false,
  formatError,
  helperText,
  slotProps,
  inputRef,
  ...props
}: FormTextFieldProps<T, TOut>) {
  const { t } = useTranslation();
  const lang = useLang();
  const [isShown, setIsShown] = useState(false);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { ref, ...field }, fieldState }) => (
        <TextField
          fullWidth
          {...props}
          {...field}
          inputRef={(element: HTMLInputElement | null) => {
            // react-hook-form focuses the input of the first invalid field.
            ref(element);
            if (typeof inputRef === 'function') inputRef(element);
            else if (inputRef) inputRef.current = element;
          }}
          value={field.value ?? ''}
          type={isPassword && !isShown ? 'password' : props.type}
          error={Boolean(fieldState.error)}
          helperText={
            fieldState.error?.message
              ? (formatError?.(fieldState.error.message) ?? (
                  <ValidationText message={fieldState.error.message} lang={lang} />
                ))
              : helperText
          }
          slotProps={{
            ...slotProps,
            input: isPassword
              ? {
                  endAdornment: (
                    <InputAdornment position="end">
                      <IconButton
                        edge="end"
                        aria-label={isShown ? t('common.hidePassword') : t('common.showPassword')}
                        onClick={() => setIsShown((value) => !value)}
                      >
                        {isShown ? <VisibilityOff /> : <Visibility />}
                      </IconButton>
                    </InputAdornment>
                  ),
                }
              : slotProps?.input,
          }}
        />
      )}
    />
  );
}

/** A shared message key in the user's language (the texts load with the first error). */
function ValidationText({ message, lang }: { message: string; lang: Lang }) {
  const translate = useTranslateMessage(true);
  return translate?.(message, lang) ?? null;
}
