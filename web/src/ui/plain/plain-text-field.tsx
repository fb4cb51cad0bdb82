import { type InputHTMLAttributes, type ReactNode, type Ref, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EyeIcon, EyeOffIcon } from './plain-icons';

type PlainTextFieldProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'className' | 'placeholder' | 'value' | 'onChange'
> & {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The field's error, shown under it in red; the field is marked invalid. */
  error?: ReactNode;
  /** A line under the field while it has no error. */
  helperText?: ReactNode;
  /** A password field with a show/hide button. */
  isPassword?: boolean;
  inputRef?: Ref<HTMLInputElement>;
};

/**
 * MUI's outlined text field, drawn by the plain kit (`.pl-field`): the label sits in the field
 * until it has focus or a value (the input's blank placeholder tells CSS which), then on its
 * outline. The error or help text is the input's description.
 */
export function PlainTextField({
  label,
  value,
  onChange,
  error,
  helperText,
  isPassword = false,
  inputRef,
  id,
  type,
  required,
  ...props
}: PlainTextFieldProps) {
  const { t } = useTranslation();
  const ownId = useId();
  const inputId = id ?? ownId;
  const helpId = `${inputId}-help`;
  const [isShown, setIsShown] = useState(false);
  const help = error || helperText;
  const hasError = Boolean(error);
  return (
    <div className={hasError ? 'pl-field pl-field-error' : 'pl-field'}>
      <div className="pl-field-box">
        <input
          {...props}
          ref={inputRef}
          id={inputId}
          className="pl-field-input"
          type={isPassword && !isShown ? 'password' : type}
          required={required}
          placeholder=" "
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={hasError || undefined}
          aria-describedby={help ? helpId : undefined}
        />
        <label className="pl-field-label" htmlFor={inputId}>
          {label}
          {required && <span aria-hidden="true"> *</span>}
        </label>
        {isPassword && (
          <span className="pl-field-end">
            <button
              type="button"
              className="pl-icon-button"
              aria-label={isShown ? t('common.hidePassword') : t('common.showPassword')}
              onClick={() => setIsShown((shown) => !shown)}
            >
              {isShown ? <EyeOffIcon /> : <EyeIcon />}
            </button>
          </span>
        )}
      </div>
      {help && (
        <p id={helpId} className="pl-field-help">
          {help}
        </p>
      )}
    </div>
  );
}
