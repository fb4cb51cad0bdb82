import Clear from '@mui/icons-material/Clear';
import Search from '@mui/icons-material/Search';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

type LibrarySearchProps = { value: string; onChange: (value: string) => void };

/** The library toolbar's search field 'Search templates...' with a clear button. */
export function LibrarySearch({ value, onChange }: LibrarySearchProps) {
  const { t } = useTranslation();
  return (
    <TextField
      size="small"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      placeholder={t('templates.library.search')}
      sx={{ width: { md: 280, lg: 340 } }}
      slotProps={{
        htmlInput: { 'aria-label': t('templates.library.searchLabel') },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Search fontSize="small" />
            </InputAdornment>
          ),
          endAdornment: value ? (
            <InputAdornment position="end">
              <IconButton
                size="small"
                edge="end"
                aria-label={t('templates.library.clearSearch')}
                onClick={() => onChange('')}
              >
                <Clear fontSize="small" />
              </IconButton>
            </InputAdornment>
          ) : undefined,
        },
      }}
    />
  );
}
