import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../app/error-text';
import { useLang } from '../../../ui/use-lang';
import { nextPageRow } from '../search-rules';
import type { SearchHit } from '../types';
import { SearchHitRow } from './search-hit-row';

type SearchResultsProps = {
  hits: SearchHit[];
  listboxId: string;
  optionId: (index: number) => string;
  activeIndex: number;
  openingId: string | null;
  onOpen: (hit: SearchHit) => void;
  /** The infinite query's paging. */
  paging: {
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    isFetchNextPageError: boolean;
    error: unknown;
    fetchNextPage: () => unknown;
  };
};

/**
 * The results as a listbox the search field drives (Arrow keys, Enter), each row also opened by
 * a click. When the row about 75 % down the loaded results comes into view, the next page is
 * fetched (spec 3 §9), with a loading row at the end; a failed page offers 'Try again'.
 */
export function SearchResults(props: SearchResultsProps) {
  const { hits, listboxId, optionId, activeIndex, openingId, onOpen, paging } = props;
  const { t } = useTranslation();
  const lang = useLang();
  const [trigger, setTrigger] = useState<HTMLLIElement | null>(null);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = paging;

  useEffect(() => {
    if (!trigger || !hasNextPage || isFetchingNextPage || isFetchNextPageError) return undefined;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) void fetchNextPage();
    });
    observer.observe(trigger);
    return () => observer.disconnect();
  }, [trigger, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  const triggerRow = hasNextPage ? nextPageRow(hits.length) : -1;
  return (
    <>
      <List id={listboxId} role="listbox" aria-label={t('search.results')} disablePadding>
        {hits.map((hit, index) => (
          <SearchHitRow
            key={`${hit.kind}:${hit.id}`}
            ref={index === triggerRow ? setTrigger : undefined}
            hit={hit}
            id={optionId(index)}
            isActive={index === activeIndex}
            isOpening={openingId === hit.id}
            onOpen={() => onOpen(hit)}
          />
        ))}
      </List>
      {isFetchingNextPage && (
        <Stack role="status" direction="row" sx={{ gap: 1.5, alignItems: 'center', p: 2 }}>
          <CircularProgress size={20} />
          <Typography variant="body2" color="text.secondary">
            {t('search.loadingMore')}
          </Typography>
        </Stack>
      )}
      {isFetchNextPageError && (
        <Stack direction="row" sx={{ gap: 1.5, alignItems: 'center', p: 2, flexWrap: 'wrap' }}>
          <Typography variant="body2" color="error" role="alert">
            {errorText(paging.error, lang, t('search.failed'))}
          </Typography>
          <Button size="small" onClick={() => fetchNextPage()}>
            {t('common.tryAgain')}
          </Button>
        </Stack>
      )}
    </>
  );
}
