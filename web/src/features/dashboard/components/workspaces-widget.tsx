import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useWorkspaces, workspacePath } from '../../workspaces';
import { HomeWidget, WidgetBody } from './home-widget';

/** The user's workspaces, most credits first (as the server lists them), or a way to order one. */
export function WorkspacesWidget() {
  const { t } = useTranslation();
  const workspaces = useWorkspaces();
  const title = t('dashboardHome.workspaces');
  return (
    <HomeWidget title={title} listPath="/dashboard/account/workspace">
      <WidgetBody
        query={workspaces}
        title={title}
        isEmpty={(items) => items.length === 0}
        emptyText={t('dashboardHome.noWorkspaces')}
        errorText={t('dashboardHome.workspacesFailed')}
        emptyAction={
          <Button
            variant="outlined"
            component={RouterLink}
            to="/dashboard/account/workspace/create"
            sx={{ mt: 2 }}
          >
            {t('dashboardHome.orderWorkspace')}
          </Button>
        }
      >
        {(items) => (
          <List dense disablePadding aria-label={title}>
            {items.map((workspace) => (
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
        )}
      </WidgetBody>
    </HomeWidget>
  );
}
