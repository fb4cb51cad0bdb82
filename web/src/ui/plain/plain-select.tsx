import { type SelectHTMLAttributes, useId } from 'react';

type PlainSelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className'> & {
  label: string;
  options: { value: string; label: string; lang?: string }[];
};

/** A small native select with its label on the outline (`.pl-field-select`). */
export function PlainSelect({ label, options, id, ...props }: PlainSelectProps) {
  const ownId = useId();
  const selectId = id ?? ownId;
  return (
    <div className="pl-field pl-field-small pl-field-select">
      <div className="pl-field-box">
        <select {...props} id={selectId} className="pl-field-input">
          {options.map((option) => (
            <option key={option.value} value={option.value} lang={option.lang}>
              {option.label}
            </option>
          ))}
        </select>
        <label className="pl-field-label" htmlFor={selectId}>
          {label}
        </label>
      </div>
    </div>
  );
}
