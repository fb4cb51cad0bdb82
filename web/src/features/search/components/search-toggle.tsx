import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { SEARCH_DEFAULT_PAGE_SIZE } from '@pactum/core/search';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../ui/page-loader';
import { isSearchShortcut } from '../search-rules';
import type { SearchForm } from '../types';

// The drawer's content (fields, results, their API calls) loads the first time it opens.
const SearchPanel = lazy(() =>
  import('./search-panel').then((module) => ({ default: module.SearchPanel })),
);

const EMPTY_FORM: SearchForm = {
  text: '',
  collection: undefined,
  tags: [],
  pageSize: SEARCH_DEFAULT_PAGE_SIZE,
};

/**
 * The toolbar's search toggle (spec 1 §2, spec 3 §2.6): opens the search drawer from the right,
 * 80 % of the screen from medium screens up, the whole screen below. '/' (outside text fields)
 * and Ctrl+K / Cmd+K open it too; Esc closes it. The last search is kept while it is closed.
 */
export function SearchToggle() {
  const { t } = useTranslation();
  const titleId = useId();
  const [isOpen, setIsOpen] = useState(false);
  const [form, setForm] = useState<SearchForm>(EMPTY_FORM);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      const target = event.target instanceof HTMLElement ? event.target : null;
      if (!isSearchShortcut({ ...pickKeys(event), target })) return;
      event.preventDefault();
      setIsOpen(true);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  const close = () => setIsOpen(false);
  return (
    <>
      <Tooltip title={t('search.tooltip')}>
        <IconButton
          color="inherit"
          aria-label={t('search.open')}
          aria-haspopup="dialog"
          aria-expanded={isOpen}
          onClick={() => setIsOpen(true)}
        >
          <SearchIcon />
        </IconButton>
      </Tooltip>
      <Drawer
        anchor="right"
        open={isOpen}
        onClose={close}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-modal': true,
            'aria-labelledby': titleId,
            sx: { width: { xs: '100%', md: '80%' }, boxSizing: 'border-box' },
          },
        }}
      >
        <Suspense
          fallback={
            <Box sx={{ display: 'grid', placeItems: 'center', flexGrow: 1 }}>
              <PageLoader />
            </Box>
          }
        >
          <SearchPanel titleId={titleId} form={form} onFormChange={setForm} onClose={close} />
        </Suspense>
      </Drawer>
    </>
  );
}

const pickKeys = ({ key, ctrlKey, metaKey, altKey }: KeyboardEvent) => ({
  key,
  ctrlKey,
  metaKey,
  altKey,
});
