import Add from '@mui/icons-material/Add';
import ConfirmationNumberOutlined from '@mui/icons-material/ConfirmationNumberOutlined';
import NoteAddOutlined from '@mui/icons-material/NoteAddOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Fab from '@mui/material/Fab';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { type TemplateFilter, type TemplateGroup, templateFilters } from '@pactum/core/templates';
import { type ReactElement, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useParams } from 'react-router';
import { ErrorAlert } from '../../ui/error-alert';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useTemplates } from './api/list-templates';
import { ActionCard } from './components/action-card';
import { CouponDialog } from './components/coupon-dialog';
import { LibraryFiltersBar } from './components/library-filters';
import { LibrarySearch } from './components/library-search';
import { TemplateCard } from './components/template-card';
import {
  emptyFilters,
  groupTemplates,
  hasFilters,
  type LibraryFilters,
  type LibraryQuery,
} from './library';
import { TEMPLATE_ADD_PATH, TEMPLATE_IMPORT_PATH, templateListPath } from './template-paths';
import type { TemplateCard as TemplateCardData } from './types';

const isFilter = (value: string | undefined): value is TemplateFilter =>
  templateFilters.includes(value as TemplateFilter);

/** `templates/list/:routeFilter` (all, my, shared, global): the template library. */
export function TemplateLibraryPage() {
  const { routeFilter } = useParams();
  if (!isFilter(routeFilter)) return <Navigate to={templateListPath('all')} replace />;
  return <Library filter={routeFilter} />;
}

/** Which library sections a filter shows, in order. */
const sectionsOf: Record<TemplateFilter, TemplateGroup[]> = {
  all: ['my', 'shared', 'global'],
  my: ['my'],
  shared: ['shared'],
  global: ['global'],
};

/** The search goes to the server once typing pauses this long (ms). */
const SEARCH_DEBOUNCE_MS = 300;

/** `value` once it has stayed the same for `delayMs`. */
function useSettled<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

function Library({ filter }: { filter: TemplateFilter }) {
  const { t } = useTranslation();
  useDocumentTitle(t('templates.library.title'));
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<LibraryFilters>(emptyFilters);
  const [isCouponOpen, setIsCouponOpen] = useState(false);
  const settledSearch = useSettled(search.trim(), SEARCH_DEBOUNCE_MS);
  const query = useMemo<LibraryQuery>(
    () => ({ ...filters, search: settledSearch }),
    [filters, settledSearch],
  );
  // The server filters, searches and pages; the browser groups the cards loaded so far.
  const templates = useTemplates(filter, query);
  const pages = templates.data?.pages;
  const shown = useMemo(() => pages?.flatMap((page) => page.templates) ?? [], [pages]);
  const choices = pages?.[0]?.choices ?? null;
  const hasMore = templates.hasNextPage;
  const groups = groupTemplates(shown);
  const isNarrowed = hasFilters(filters) || search.trim() !== '';
  const hasChoices = !!choices && Object.values(choices).some((values) => values.length > 0);
  const clear = () => {
    setFilters(emptyFilters);
    setSearch('');
  };

  return (
    <Stack spacing={3} sx={{ maxWidth: 1280 }}>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 2 }}
      >
        <Typography variant="h4" component="h1" sx={{ fontWeight: 600 }}>
          {t('templates.library.title')}
        </Typography>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5 }}>
          <Box sx={{ display: { xs: 'none', md: 'block' } }}>
            <LibrarySearch value={search} onChange={setSearch} />
          </Box>
          <Button
            variant="outlined"
            startIcon={<ConfirmationNumberOutlined />}
            onClick={() => setIsCouponOpen(true)}
          >
            {t('templates.coupon.open')}
          </Button>
        </Stack>
      </Stack>
      <Tabs
        value={filter}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t('templates.library.groups')}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {templateFilters.map((value) => (
          <Tab
            key={value}
            value={value}
            label={t(`templates.library.tabs.${value}`)}
            component={RouterLink}
            to={templateListPath(value)}
          />
        ))}
      </Tabs>
      {choices && (hasChoices || isNarrowed) && (
        <LibraryFiltersBar
          choices={choices}
          filters={filters}
          onChange={setFilters}
          canClear={isNarrowed}
          onClear={clear}
        />
      )}
      {templates.isPending ? (
        <LoadingCards />
      ) : templates.isError ? (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <ErrorAlert error={templates.error} fallback={t('templates.library.loadFailed')} />
          <Button variant="outlined" onClick={() => templates.refetch()}>
            {t('common.tryAgain')}
          </Button>
        </Stack>
      ) : (
        <>
          {shown.length === 0 && (
            <Paper variant="outlined" sx={{ p: 3 }}>
              <Typography role="status">
                {settledSearch
                  ? t('templates.library.noResults', { search: settledSearch })
                  : t('templates.library.empty')}
              </Typography>
              {isNarrowed && (
                <Button sx={{ mt: 1 }} onClick={clear}>
                  {t('templates.library.clearFilters')}
                </Button>
              )}
            </Paper>
          )}
          {sectionsOf[filter].map((group) => (
            <LibrarySection
              key={group}
              group={group}
              templates={groups[group]}
              isComplete={!hasMore}
              startCards={
                group === 'my' && !isNarrowed
                  ? [
                      <ActionCard
                        key="create"
                        to={TEMPLATE_ADD_PATH}
                        icon={<NoteAddOutlined color="primary" fontSize="large" />}
                        title={t('templates.library.createCard')}
                        text={t('templates.library.createCardText')}
                      />,
                      <ActionCard
                        key="import"
                        to={TEMPLATE_IMPORT_PATH}
                        icon={<UploadFileOutlined color="primary" fontSize="large" />}
                        title={t('templates.library.importCard')}
                        text={t('templates.library.importCardText')}
                      />,
                    ]
                  : []
              }
            />
          ))}
          {hasMore && (
            <Box sx={{ display: 'flex', justifyContent: 'center' }}>
              <Button
                variant="outlined"
                loading={templates.isFetchingNextPage}
                onClick={() => templates.fetchNextPage()}
              >
                {t('templates.library.loadMore')}
              </Button>
            </Box>
          )}
        </>
      )}
      <Fab
        color="primary"
        component={RouterLink}
        to={TEMPLATE_ADD_PATH}
        aria-label={t('templates.library.create')}
        sx={{ position: 'fixed', right: { xs: 16, sm: 32 }, bottom: { xs: 16, sm: 32 } }}
      >
        <Add />
      </Fab>
      <CouponDialog isOpen={isCouponOpen} onClose={() => setIsCouponOpen(false)} />
    </Stack>
  );
}

type LibrarySectionProps = {
  group: TemplateGroup;
  templates: TemplateCardData[];
  /** Cards before the templates (the create and import cards of My templates). */
  startCards: ReactElement[];
  /** Every page is loaded: the section's count is its whole count. */
  isComplete: boolean;
};

/**
 * One section of the library; empty sections are left out (but My keeps its start cards). The
 * count shows once every page is loaded; before that it would count only the cards so far.
 */
function LibrarySection({ group, templates, startCards, isComplete }: LibrarySectionProps) {
  const { t } = useTranslation();
  const headingId = useId();
  if (templates.length === 0 && startCards.length === 0) return null;
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ fontWeight: 600, mb: 1.5 }}>
        {t(`templates.library.sections.${group}`)}
        {isComplete && (
          <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>
            {templates.length}
          </Typography>
        )}
      </Typography>
      <Grid container spacing={2}>
        {startCards.map((card) => (
          <Grid key={card.key} size={{ xs: 12, sm: 6, lg: 4 }}>
            {card}
          </Grid>
        ))}
        {templates.map((template) => (
          <Grid key={template.id} size={{ xs: 12, sm: 6, lg: 4 }}>
            <TemplateCard template={template} />
          </Grid>
        ))}
      </Grid>
    </Box>
  );
}

function LoadingCards() {
  const { t } = useTranslation();
  return (
    <Grid container spacing={2} aria-busy="true" aria-label={t('templates.library.loading')}>
      {[0, 1, 2].map((index) => (
        <Grid key={index} size={{ xs: 12, sm: 6, lg: 4 }}>
          <Skeleton variant="rounded" height={180} />
        </Grid>
      ))}
    </Grid>
  );
}
