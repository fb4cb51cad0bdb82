import Cancel from '@mui/icons-material/Cancel';
import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { type KeyboardEvent, useState } from 'react';

/** Keys that commit the typed address as a tag (spec 2 §5): space, comma, semicolon. */
const COMMIT_KEYS = new Set([' ', ',', ';']);

/** Someone the field offers while typing (matched on the name and the address). */
export type EmailSuggestion = { email: string; name: string };

type EmailTagsInputProps = {
  label: string;
  /** The tags as typed (trimmed of the commit characters). */
  value: string[];
  onChange: (tags: string[]) => void;
  /** Whether a tag is a valid address: invalid ones show in the error colour. */
  isValidTag: (tag: string) => boolean;
  /** The accessible name of a tag's delete button, e.g. 'Remove a@b.fi'. */
  removeLabel: (tag: string) => string;
  helperText?: string;
  error?: boolean;
  disabled?: boolean;
  placeholder?: string;
  autoFocus?: boolean;
  /** People to offer as the user types; none by default. */
  suggestions?: readonly EmailSuggestion[];
  /** A ref to the text input, e.g. for react-hook-form to focus an invalid field. */
  inputRef?: (element: HTMLInputElement | null) => void;
  /** The field's name, for forms. */
  name?: string;
};

const filterByNameOrEmail = createFilterOptions<string>();

/** Splits typed or pasted text into tags at the commit characters. */
function toTags(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((part) => part.trim())
    .filter(Boolean);
}

/**
 * E-mail addresses as tags: typing space, comma or semicolon (or leaving the field, or Enter)
 * turns the typed text into a tag; pasted lists split the same way. The same address is not
 * added twice (compared lower-cased).
 */
export function EmailTagsInput({
  label,
  value,
  onChange,
  isValidTag,
  removeLabel,
  helperText,
  error,
  disabled,
  placeholder,
  autoFocus,
  suggestions = [],
  inputRef,
  name,
}: EmailTagsInputProps) {
  const [text, setText] = useState('');
  const names = new Map(suggestions.map((person) => [person.email.toLowerCase(), person.name]));
  const chosen = new Set(value.map((tag) => tag.toLowerCase()));
  const options = suggestions
    .map((person) => person.email)
    .filter((email) => !chosen.has(email.toLowerCase()));
  const commit = (typed: string) => {
    const known = new Set(value.map((tag) => tag.toLowerCase()));
    const added: string[] = [];
    for (const tag of toTags(typed)) {
      if (known.has(tag.toLowerCase())) continue;
      known.add(tag.toLowerCase());
      added.push(tag);
    }
    setText('');
    if (added.length > 0) onChange([...value, ...added]);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (COMMIT_KEYS.has(event.key)) {
      event.preventDefault();
      commit(text);
    }
  };
  return (
    <Autocomplete<string, true, false, true>
      multiple
      freeSolo
      options={options}
      filterOptions={(candidates, state) =>
        filterByNameOrEmail(candidates, {
          ...state,
          getOptionLabel: (email) => `${names.get(email.toLowerCase()) ?? ''} ${email}`,
        })
      }
      renderOption={({ key, ...props }, email) => (
        <Box
          component="li"
          key={key}
          {...props}
          sx={{ flexDirection: 'column', alignItems: 'flex-start !important' }}
        >
          {names.get(email.toLowerCase()) || email}
          {names.get(email.toLowerCase()) && (
            <Box component="span" sx={{ fontSize: 'body2.fontSize', color: 'text.secondary' }}>
              {email}
            </Box>
          )}
        </Box>
      )}
      value={value}
      inputValue={text}
      disabled={disabled}
      onInputChange={(_event, next, reason) => {
        if (reason === 'reset') return;
        // A pasted list with separators is committed at once.
        if (/[\s,;]/.test(next)) commit(next);
        else setText(next);
      }}
      onChange={(_event, next) => {
        const tags = next.flatMap(toTags);
        onChange(
          tags.filter(
            (tag, at) => tags.findIndex((t) => t.toLowerCase() === tag.toLowerCase()) === at,
          ),
        );
        setText('');
      }}
      onBlur={() => commit(text)}
      renderValue={(tags, getItemProps) =>
        tags.map((tag, index) => {
          const { key, onDelete, ...itemProps } = getItemProps({ index });
          return (
            <Chip
              key={key}
              {...itemProps}
              label={tag}
              size="small"
              color={isValidTag(tag) ? 'default' : 'error'}
              variant={isValidTag(tag) ? 'filled' : 'outlined'}
              onDelete={onDelete}
              deleteIcon={
                <Cancel role="button" aria-label={removeLabel(tag)} aria-hidden={false} />
              }
            />
          );
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          placeholder={value.length === 0 ? placeholder : undefined}
          helperText={helperText}
          error={error}
          autoFocus={autoFocus}
          onKeyDown={onKeyDown}
          name={name}
          // Joined by the input with the Autocomplete's own ref to it.
          inputRef={inputRef}
        />
      )}
    />
  );
}
