import Autocomplete from '@mui/material/Autocomplete';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import {
  SEARCH_MAX_TAGS,
  SEARCH_PAGE_SIZES,
  type SearchCollection,
  type SearchPageSize,
} from '@pactum/core/search';
import { useTranslation } from 'react-i18next';
import { addTag } from '../search-rules';
import type { SearchForm } from '../types';

type SearchFiltersProps = {
  form: SearchForm;
  onChange: (change: Partial<SearchForm>) => void;
  /** Tags to offer: those of the results on screen; any other exact value can be typed. */
  tagOptions: string[];
};

const ALL = 'all';

/** Where to search (all, deals, archive), exact tags to filter by, and the page size. */
export function SearchFilters({ form, onChange, tagOptions }: SearchFiltersProps) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        aria-label={t('search.collection')}
        value={form.collection ?? ALL}
        onChange={(_, value: SearchCollection | typeof ALL | null) => {
          if (value !== null) onChange({ collection: value === ALL ? undefined : value });
        }}
      >
        <ToggleButton value={ALL}>{t('search.collections.all')}</ToggleButton>
        <ToggleButton value="deals">{t('search.collections.deals')}</ToggleButton>
        <ToggleButton value="archive">{t('search.collections.archive')}</ToggleButton>
      </ToggleButtonGroup>
      <Autocomplete
        multiple
        freeSolo
        size="small"
        options={tagOptions}
        value={form.tags}
        onChange={(_, values) =>
          onChange({ tags: values.reduce<string[]>((tags, value) => addTag(tags, value), []) })
        }
        getOptionDisabled={() => form.tags.length >= SEARCH_MAX_TAGS}
        renderInput={(params) => (
          <TextField
            {...params}
            label={t('search.tags')}
            placeholder={form.tags.length === 0 ? t('search.tagsPlaceholder') : undefined}
          />
        )}
        sx={{ flex: '1 1 180px', minWidth: 160, maxWidth: 480 }}
      />
      <TextField
        select
        size="small"
        label={t('search.pageSize')}
        value={form.pageSize}
        onChange={(event) => onChange({ pageSize: Number(event.target.value) as SearchPageSize })}
        sx={{ width: 140 }}
      >
        {SEARCH_PAGE_SIZES.map((size) => (
          <MenuItem key={size} value={size}>
            {size}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
