import Autocomplete from '@mui/material/Autocomplete';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  categoryLabels,
  type TemplateRegion,
  templateCategories,
  templateLanguages,
  templateRegions,
} from '@pactum/core/templates';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../ui/use-lang';

type FieldProps = {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** The error text under the field. */
  error?: string;
  required?: boolean;
  disabled?: boolean;
  size?: 'small' | 'medium';
};

/** A select of the given options (value and label), with its error text under it. */
function SelectField({
  label,
  options,
  value,
  onChange,
  onBlur,
  error,
  ...props
}: FieldProps & { label: string; options: { value: string; label: string }[] }) {
  return (
    <TextField
      select
      fullWidth
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
      error={Boolean(error)}
      helperText={error}
      {...props}
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A template's category (spec 2 §9 list), named in the user's language. */
export function CategoryField(props: FieldProps) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <SelectField
      label={t('templates.fields.category')}
      options={templateCategories.map((category) => ({
        value: category,
        label: categoryLabels[lang][category],
      }))}
      {...props}
    />
  );
}

/** A template's language: the five Nordic and English first, then the library list. */
export function LanguageField(props: FieldProps) {
  const { t } = useTranslation();
  return (
    <SelectField
      label={t('templates.fields.language')}
      options={templateLanguages.map((language) => ({
        value: language.code,
        label: language.name,
      }))}
      {...props}
    />
  );
}

const regionGroupKey = {
  area: 'templates.fields.regionAreas',
  country: 'templates.fields.regionCountries',
  'us-state': 'templates.fields.regionUsStates',
} as const;

/** A template's region, searchable: areas (Europe, …), countries and US states. */
export function RegionField({
  value,
  onChange,
  onBlur,
  error,
  required,
  disabled,
  size,
}: FieldProps) {
  const { t } = useTranslation();
  const chosen = templateRegions.find((region) => region.code === value) ?? null;
  return (
    <Autocomplete<TemplateRegion>
      options={templateRegions}
      value={chosen}
      disabled={disabled}
      size={size}
      groupBy={(region) => region.group}
      renderGroup={(params) => [
        <ListSubheader key={`${params.key}-head`} component="div">
          {t(regionGroupKey[params.group as TemplateRegion['group']])}
        </ListSubheader>,
        params.children,
      ]}
      getOptionLabel={(region) => region.name}
      isOptionEqualToValue={(a, b) => a.code === b.code}
      onChange={(_event, region) => onChange(region?.code ?? '')}
      onBlur={onBlur}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('templates.fields.region')}
          required={required}
          error={Boolean(error)}
          helperText={error}
        />
      )}
    />
  );
}
