import FilterAltOff from '@mui/icons-material/FilterAltOff';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { LibraryFilters } from '../library';
import type { TemplateChoices } from '../types';
import { useTemplateLabels } from '../use-template-labels';

type LibraryFiltersProps = {
  /** The values each filter offers (the server's, for the whole tab). */
  choices: TemplateChoices;
  filters: LibraryFilters;
  onChange: (filters: LibraryFilters) => void;
  /** Shown when any filter or the search is on. */
  canClear: boolean;
  onClear: () => void;
};

/** The library's filters: category, language, region and partner, and Clear filters. */
export function LibraryFiltersBar({
  choices,
  filters,
  onChange,
  canClear,
  onClear,
}: LibraryFiltersProps) {
  const { t } = useTranslation();
  const labels = useTemplateLabels();
  const fields = [
    { field: 'category', label: t('templates.fields.category'), name: labels.category },
    { field: 'language', label: t('templates.fields.language'), name: labels.language },
    { field: 'region', label: t('templates.fields.region'), name: labels.region },
    { field: 'partner', label: t('templates.fields.partner'), name: (value: string) => value },
  ] as const;
  return (
    <Stack
      direction="row"
      role="group"
      aria-label={t('templates.library.filters')}
      sx={{ flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}
    >
      {fields.map(({ field, label, name }) => (
        <FilterSelect
          key={field}
          label={label}
          value={filters[field]}
          choices={choicesWith(choices[field], filters[field]).map((value) => ({
            value,
            label: name(value),
          }))}
          onChange={(value) => onChange({ ...filters, [field]: value })}
        />
      ))}
      {canClear && (
        <Button startIcon={<FilterAltOff />} onClick={onClear}>
          {t('templates.library.clearFilters')}
        </Button>
      )}
    </Stack>
  );
}

/** The offered values, and the chosen one even if the tab no longer has it. */
const choicesWith = (values: string[], chosen: string) =>
  chosen && !values.includes(chosen) ? [...values, chosen] : values;

function FilterSelect({
  label,
  value,
  choices,
  onChange,
}: {
  label: string;
  value: string;
  choices: { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  return (
    <FormControl size="small" sx={{ minWidth: 150 }}>
      <InputLabel id={labelId}>{label}</InputLabel>
      <Select<string>
        labelId={labelId}
        label={label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        <MenuItem value="">
          <em>{t('templates.library.any')}</em>
        </MenuItem>
        {choices.map((choice) => (
          <MenuItem key={choice.value} value={choice.value}>
            {choice.label}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
