import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useDocumentTitle } from '../../ui/use-document-title';
import { isTestEnvironment } from '../shell/test-environment';
import { useWorkspaces } from '../workspaces/api/list-workspaces';
import type { WorkspaceSummary } from '../workspaces/types';
import { workspacePath } from '../workspaces/workspace-paths';

type WidgetProps = {
  title: string;
  emptyText: string;
  /** The widget's items; the empty text shows while there are none. */
  content?: ReactNode;
  /** The widget's full list. */
  listPath?: string;
  children?: ReactNode;
};

/**
 * One dashboard widget. The lists arrive with deals, drafts and alerts; until then each
 * widget shows its empty text.
 */
function Widget({ title, emptyText, content, listPath, children }: WidgetProps) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <Card
      variant="outlined"
      component="section"
      aria-labelledby={headingId}
      sx={{ height: '100%' }}
    >
      <CardContent>
        <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        {content ?? (
          <>
            <Typography color="text.secondary" sx={{ mt: 1.5 }}>
              {emptyText}
            </Typography>
            {children}
          </>
        )}
        {listPath && (
          <Link
            component={RouterLink}
            to={listPath}
            variant="body2"
            aria-label={`${t('dashboardHome.openList')}: ${title}`}
            sx={{ display: 'block', width: 'fit-content', mt: 2 }}
          >
            {t('dashboardHome.openList')}
          </Link>
        )}
      </CardContent>
    </Card>
  );
}

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

/** The user's workspaces, most credits first (as the server lists them). */
function WorkspaceList({ workspaces }: { workspaces: WorkspaceSummary[] }) {
  const { t } = useTranslation();
  return (
    <List dense disablePadding sx={{ mt: 1 }}>
      {workspaces.map((workspace) => (
        <ListItem key={workspace.id} disableGutters>
          <ListItemText
            primary={
              <Link component={RouterLink} to={workspacePath(workspace.id)}>
                {workspace.title}
              </Link>
            }
            secondary={t('workspaces.creditCount', { count: workspace.credits })}
          />
        </ListItem>
      ))}
    </List>
  );
}

const cell = { xs: 12, sm: 6, lg: 4 } as const;
const quarter = { xs: 12, sm: 6, lg: 3 } as const;

/** `/dashboard/home`: the user's contracts and what has changed in them. */
export function DashboardHomePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('nav.dashboard'));
  const workspaces = useWorkspaces().data;
  return (
    <Stack spacing={4}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 600 }}>
        {t('nav.dashboard')}
      </Typography>
      {isTestEnvironment && <Alert severity="info">{t('shell.testDisclaimer')}</Alert>}
      <Section title={t('dashboardHome.yourContracts')}>
        <Grid size={cell}>
          <Widget title={t('dashboardHome.recent')} emptyText={t('dashboardHome.recentEmpty')} />
        </Grid>
        <Grid size={cell}>
          <Widget
            title={t('dashboardHome.toSign')}
            emptyText={t('dashboardHome.toSignEmpty')}
            listPath="/dashboard/documents/sign"
          />
        </Grid>
        <Grid size={cell}>
          <Widget
            title={t('dashboardHome.alerts')}
            emptyText={t('dashboardHome.alertsEmpty')}
            listPath="/dashboard/account/archive"
          />
        </Grid>
      </Section>
      <Section title={t('dashboardHome.contractUpdates')}>
        <Grid size={quarter}>
          <Widget
            title={t('dashboardHome.drafts')}
            emptyText={t('dashboardHome.draftsEmpty')}
            listPath="/dashboard/drafts"
          />
        </Grid>
        <Grid size={quarter}>
          <Widget
            title={t('dashboardHome.negotiations')}
            emptyText={t('dashboardHome.negotiationsEmpty')}
            listPath="/dashboard/documents/negotiate"
          />
        </Grid>
        <Grid size={quarter}>
          <Widget
            title={t('dashboardHome.waiting')}
            emptyText={t('dashboardHome.waitingEmpty')}
            listPath="/dashboard/documents/sign"
          />
        </Grid>
        <Grid size={quarter}>
          <Widget
            title={t('dashboardHome.signed')}
            emptyText={t('dashboardHome.signedEmpty')}
            listPath="/dashboard/documents/signed"
          />
        </Grid>
      </Section>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Widget
            title={t('dashboardHome.workspaces')}
            emptyText={t('dashboardHome.noWorkspaces')}
            content={
              workspaces && workspaces.length > 0 ? (
                <WorkspaceList workspaces={workspaces} />
              ) : undefined
            }
            listPath="/dashboard/account/workspace"
          >
            <Button
              variant="outlined"
              component={RouterLink}
              to="/dashboard/account/workspace/create"
              sx={{ mt: 2 }}
            >
              {t('dashboardHome.orderWorkspace')}
            </Button>
          </Widget>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Widget
            title={t('dashboardHome.latestChanges')}
            emptyText={t('dashboardHome.noChanges')}
          />
        </Grid>
      </Grid>
    </Stack>
  );
}
