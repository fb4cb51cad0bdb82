import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../ui/error-alert';
import { formatDateTime } from '../../../ui/format';
import { SettingsCard } from '../../../ui/settings-card';
import { toast } from '../../../ui/toast-store';
import { useAccountSessions, useEndOtherSessions, useEndSession } from '../api/account-sessions';

/** 'Where you're signed in': each browser's device, place and times, and signing others out. */
export function SessionsCard() {
  const { t } = useTranslation();
  const sessions = useAccountSessions();
  const endOthers = useEndOtherSessions();
  const endOne = useEndSession();
  const list = sessions.data?.sessions ?? [];
  const hasOthers = list.some((session) => !session.isCurrent);
  return (
    <SettingsCard
      id="sessions"
      title={t('twoFactor.sessions.title')}
      description={t('twoFactor.sessions.description')}
      actions={
        <Button
          variant="outlined"
          disabled={!hasOthers}
          loading={endOthers.isPending}
          onClick={() =>
            endOthers.mutate(undefined, {
              onSuccess: ({ ended }) =>
                toast.success(t('twoFactor.sessions.ended', { count: ended })),
            })
          }
        >
          {t('twoFactor.sessions.endOthers')}
        </Button>
      }
    >
      <ErrorAlert error={sessions.error ?? endOthers.error ?? endOne.error} />
      {sessions.isPending ? (
        <Skeleton variant="rounded" height={120} />
      ) : (
        <List dense disablePadding aria-label={t('twoFactor.sessions.title')}>
          {list.map((session) => (
            <ListItem
              key={session.id}
              disableGutters
              secondaryAction={
                session.isCurrent ? undefined : (
                  <Button
                    size="small"
                    aria-label={t('twoFactor.sessions.endNamed', { device: session.device })}
                    onClick={() => endOne.mutate(session.id)}
                  >
                    {t('twoFactor.sessions.end')}
                  </Button>
                )
              }
            >
              <ListItemText
                primary={
                  <Box
                    component="span"
                    sx={{ display: 'inline-flex', gap: 1, alignItems: 'center' }}
                  >
                    {session.device}
                    {session.place ? ` · ${session.place}` : ''}
                    {session.isCurrent && (
                      <Chip size="small" color="primary" label={t('twoFactor.sessions.current')} />
                    )}
                  </Box>
                }
                secondary={t('twoFactor.sessions.times', {
                  signedIn: formatDateTime(session.createdAt),
                  active: formatDateTime(session.lastActiveAt),
                })}
              />
            </ListItem>
          ))}
        </List>
      )}
    </SettingsCard>
  );
}
