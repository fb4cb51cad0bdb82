import SearchIcon from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { SEARCH_MAX_LENGTH } from '../list-params';

/** How long the field waits after the last key before the list searches. */
export const LIST_SEARCH_DEBOUNCE_MS = 400;

type ListSearchFieldProps = {
  label: string;
  helperText?: string;
  /** The search the list shows (from the address). */
  value: string;
  /** A new search, trimmed: after a pause in typing, or at once with Enter. */
  onSearch: (value: string) => void;
};

/** An admin list's search field: it searches when the typing stops. */
export function ListSearchField({ label, helperText, value, onSearch }: ListSearchFieldProps) {
  const [text, setText] = useState(value);
  // The address changed by itself (Back, a link): the field shows that search, but the text
  // being typed is kept while it still means the same search (a space at its end).
  useEffect(() => {
    setText((current) => (current.trim() === value ? current : value));
  }, [value]);
  useEffect(() => {
    const next = text.trim();
    if (next === value) return undefined;
    const timer = setTimeout(() => onSearch(next), LIST_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);
  return (
    <TextField
      type="search"
      size="small"
      label={label}
      helperText={helperText}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
          event.preventDefault();
          if (text.trim() !== value) onSearch(text.trim());
        }
      }}
      autoComplete="off"
      sx={{ width: { xs: '100%', sm: 360 } }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon />
            </InputAdornment>
          ),
        },
        htmlInput: { maxLength: SEARCH_MAX_LENGTH, spellCheck: false },
      }}
    />
  );
}
