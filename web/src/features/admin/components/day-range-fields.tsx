import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { type Day, isDay } from '../list-params';

type DayRangeFieldsProps = {
  from: Day | undefined;
  to: Day | undefined;
  onChange: (range: { from?: Day; to?: Day }) => void;
};

/** From and to days of a list's filter, both included; the browser's own date fields. */
export function DayRangeFields({ from, to, onChange }: DayRangeFieldsProps) {
  const { t } = useTranslation();
  const field = (name: 'from' | 'to', value: Day | undefined) => (
    <TextField
      type="date"
      size="small"
      label={t(`admin.list.${name}`)}
      value={value ?? ''}
      onChange={(event) => {
        const next = event.target.value;
        // A half-typed date is not a filter yet; an empty field removes it.
        if (next === '' || isDay(next)) onChange({ [name]: next || undefined });
      }}
      slotProps={{ inputLabel: { shrink: true } }}
      sx={{ width: 170 }}
    />
  );
  return (
    <>
      {field('from', from)}
      {field('to', to)}
    </>
  );
}
