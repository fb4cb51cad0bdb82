import Alert from '@mui/material/Alert';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveTopic } from '../../app/live';
import { isTestEnvironment } from '../../ui/test-environment';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useMe } from '../auth';
import { dashboardQueryKey } from './api/dashboard-keys';
import { AlertsWidget } from './components/alerts-widget';
import { DocumentWidget } from './components/document-widget';
import { LatestChanges } from './components/latest-changes';
import { ToSignWidget } from './components/to-sign-widget';
import { WorkspacesWidget } from './components/workspaces-widget';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Stack component="section" aria-labelledby={headingId} spacing={2}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Grid container spacing={2}>
        {children}
      </Grid>
    </Stack>
  );
}

const third = { xs: 12, sm: 6, lg: 4 } as const;
const quarter = { xs: 12, sm: 6, lg: 3 } as const;
const half = { xs: 12, md: 6 } as const;

/**
 * `/dashboard/home`: the user's contracts and what has changed in them (spec 1 §2 'Dashboard
 * home'). Each widget loads (and may fail) on its own. Everything the user's realtime topic
 * announces (activity on a deal they see, changed counters, a new notification) refetches the
 * widgets and the feed, so the page follows without a reload.
 */
export function DashboardHomePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('nav.dashboard'));
  const me = useMe().data;
  useLiveTopic(me ? `user:${me.id}` : undefined, dashboardQueryKey);
  return (
    <Stack spacing={4}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 600 }}>
        {t('nav.dashboard')}
      </Typography>
      {isTestEnvironment && <Alert severity="info">{t('shell.testDisclaimer')}</Alert>}
      <Section title={t('dashboardHome.yourContracts')}>
        <Grid size={third}>
          <DocumentWidget
            group="recent"
            title={t('dashboardHome.recent')}
            emptyText={t('dashboardHome.recentEmpty')}
          />
        </Grid>
        <Grid size={third}>
          <ToSignWidget />
        </Grid>
        <Grid size={third}>
          <AlertsWidget />
        </Grid>
      </Section>
      <Section title={t('dashboardHome.contractUpdates')}>
        <Grid size={quarter}>
          <DocumentWidget
            group="drafts"
            title={t('dashboardHome.drafts')}
            emptyText={t('dashboardHome.draftsEmpty')}
          />
        </Grid>
        <Grid size={quarter}>
          <DocumentWidget
            group="negotiate"
            title={t('dashboardHome.negotiations')}
            emptyText={t('dashboardHome.negotiationsEmpty')}
          />
        </Grid>
        <Grid size={quarter}>
          <DocumentWidget
            group="waiting"
            title={t('dashboardHome.waiting')}
            emptyText={t('dashboardHome.waitingEmpty')}
          />
        </Grid>
        <Grid size={quarter}>
          <DocumentWidget
            group="signed"
            title={t('dashboardHome.signed')}
            emptyText={t('dashboardHome.signedEmpty')}
          />
        </Grid>
      </Section>
      {/* Each card as tall as its content: a short workspace list beside a long feed. */}
      <Grid container spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Grid size={half}>
          <WorkspacesWidget />
        </Grid>
        <Grid size={half}>
          <LatestChanges />
        </Grid>
      </Grid>
    </Stack>
  );
}
