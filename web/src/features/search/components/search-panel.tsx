import Close from '@mui/icons-material/Close';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SEARCH_DEBOUNCE_MS } from '@pactum/core/search';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../app/error-text';
import { TOAST_DEFAULT_MS } from '../../../ui/toast-store';
import { useLang } from '../../../ui/use-lang';
import { useSearch } from '../api/search-documents';
import { canSearch, moveActive, searchSubject } from '../search-rules';
import type { SearchForm, SearchRequest } from '../types';
import { useDebouncedValue } from '../use-debounced-value';
import { useOpenHit } from '../use-open-hit';
import { SearchFilters } from './search-filters';
import { SearchResults } from './search-results';

type SearchPanelProps = {
  titleId: string;
  form: SearchForm;
  onFormChange: (form: SearchForm) => void;
  onClose: () => void;
};

/**
 * The search drawer's content (spec 3 §2.6, §5 'Search'): the field searches 1000 ms after the
 * last key once it holds 3 characters (or a tag filters), drives the results with the Arrow keys
 * and opens the active one with Enter. A hit that no longer opens says 'Link to document not
 * found' and the drawer stays.
 */
export function SearchPanel({ titleId, form, onFormChange, onClose }: SearchPanelProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const inputRef = useRef<HTMLInputElement>(null);
  const listboxId = useId();
  const [query, flushQuery] = useDebouncedValue(form.text, SEARCH_DEBOUNCE_MS);
  const request: SearchRequest = {
    query,
    collection: form.collection,
    tags: form.tags,
    pageSize: form.pageSize,
  };
  const search = useSearch(request);
  const hits = useMemo(() => search.data?.pages.flatMap((page) => page.items) ?? [], [search.data]);
  // The active row belongs to one search: a new search starts again in the field.
  const requestKey = JSON.stringify(request);
  const [active, setActive] = useState({ key: requestKey, index: -1 });
  const activeIndex = active.key === requestKey ? Math.min(active.index, hits.length - 1) : -1;
  const [notice, setNotice] = useState<string | null>(null);
  const { open, openingId } = useOpenHit({
    onOpened: onClose,
    onGone: () => setNotice(t('search.notFound')),
    onError: (error) => setNotice(errorText(error, lang)),
  });
  const optionId = (index: number) => `${listboxId}-option-${index}`;

  useEffect(() => {
    inputRef.current?.focus();
    inputRef.current?.select();
  }, []);

  const activeId = activeIndex >= 0 ? optionId(activeIndex) : undefined;
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' });
  }, [activeId]);

  const change = (values: Partial<SearchForm>) => onFormChange({ ...form, ...values });
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive({ key: requestKey, index: moveActive(activeIndex, hits.length, step) });
    } else if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      event.preventDefault();
      const hit = hits[activeIndex];
      if (hit) void open(hit);
      else flushQuery();
    }
  };

  const isTyped = canSearch({ query: form.text, tags: form.tags });
  const isWaiting =
    isTyped && (form.text !== query || (search.isFetching && !search.isFetchingNextPage));
  const tagOptions = useMemo(() => [...new Set(hits.flatMap((hit) => hit.tags))].sort(), [hits]);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, px: { xs: 2, sm: 3 }, pt: 1.5 }}>
        <Typography id={titleId} variant="h6" component="h2" sx={{ flexGrow: 1, fontWeight: 600 }}>
          {t('search.title')}
        </Typography>
        <IconButton edge="end" aria-label={t('search.close')} onClick={onClose}>
          <Close />
        </IconButton>
      </Stack>
      <Stack spacing={2} sx={{ px: { xs: 2, sm: 3 }, pt: 1, pb: 2 }}>
        <TextField
          inputRef={inputRef}
          fullWidth
          label={t('search.input')}
          placeholder={t('search.placeholder')}
          value={form.text}
          onChange={(event) => change({ text: event.target.value })}
          onKeyDown={onKeyDown}
          autoComplete="off"
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon />
                </InputAdornment>
              ),
            },
            htmlInput: {
              role: 'combobox',
              'aria-autocomplete': 'list',
              'aria-expanded': hits.length > 0,
              'aria-controls': listboxId,
              'aria-activedescendant': activeId,
              enterKeyHint: 'search',
              spellCheck: false,
            },
          }}
        />
        <SearchFilters form={form} onChange={change} tagOptions={tagOptions} />
      </Stack>
      <Divider />
      <Box sx={{ height: 4, flexShrink: 0 }}>{isWaiting && <LinearProgress />}</Box>
      <Box sx={{ flexGrow: 1, overflowY: 'auto', minHeight: 0 }}>
        {!isTyped ? (
          <Typography color="text.secondary" sx={{ p: { xs: 2, sm: 3 } }}>
            {t('search.hint')}
          </Typography>
        ) : search.isError && !search.isFetchNextPageError ? (
          <Stack spacing={1.5} sx={{ p: { xs: 2, sm: 3 }, alignItems: 'flex-start' }}>
            <Alert severity="error" role="alert">
              {errorText(search.error, lang, t('search.failed'))}
            </Alert>
            <Button variant="outlined" onClick={() => search.refetch()}>
              {t('common.tryAgain')}
            </Button>
          </Stack>
        ) : search.isPending ? (
          <Stack
            role="status"
            direction="row"
            sx={{ gap: 1.5, alignItems: 'center', p: { xs: 2, sm: 3 } }}
          >
            <CircularProgress size={20} />
            <Typography color="text.secondary">{t('search.searching')}</Typography>
          </Stack>
        ) : hits.length === 0 ? (
          <Typography role="status" sx={{ p: { xs: 2, sm: 3 }, overflowWrap: 'anywhere' }}>
            {t('search.empty', { query: searchSubject(request) })}
          </Typography>
        ) : (
          <SearchResults
            hits={hits}
            listboxId={listboxId}
            optionId={optionId}
            activeIndex={activeIndex}
            openingId={openingId}
            onOpen={(hit) => void open(hit)}
            paging={search}
          />
        )}
      </Box>
      <Snackbar
        open={notice !== null}
        autoHideDuration={TOAST_DEFAULT_MS}
        onClose={(_, reason) => {
          if (reason !== 'clickaway') setNotice(null);
        }}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert
          variant="filled"
          severity="error"
          role="alert"
          closeText={t('common.close')}
          onClose={() => setNotice(null)}
        >
          {notice}
        </Alert>
      </Snackbar>
    </Box>
  );
}
