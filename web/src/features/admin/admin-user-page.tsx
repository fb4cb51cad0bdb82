import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { DetailList } from '../../ui/detail-list';
import { formatDateTime } from '../../ui/format';
import { PageHeader } from '../../ui/page-header';
import { SettingsCard } from '../../ui/settings-card';
import { toast } from '../../ui/toast-store';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useMe } from '../auth';
import { ADMIN_USERS_PATH, adminEventsPath, adminWorkspacePath } from './admin-paths';
import { useEndUserSessions } from './api/end-user-sessions';
import { type AdminSession, type AdminUserDetail, useAdminUser } from './api/get-admin-user';
import { useResendVerification } from './api/resend-verification';
import { useResetTwoFactor } from './api/reset-two-factor';
import { useSetUserAdmin } from './api/set-user-admin';
import { useSetUserDisabled } from './api/set-user-disabled';
import { UserFlagChips, VerifiedChip } from './components/admin-chips';
import { CardTable } from './components/card-table';
import { DetailState } from './components/detail-state';
import { ReasonDialog } from './components/reason-dialog';

/**
 * `/dashboard/admin/users/:userId`: one user for support: details, workspaces, live sessions,
 * and the actions an operator takes for them, each with a reason for the event log.
 */
export function AdminUserPage() {
  const { t } = useTranslation();
  const { userId = '' } = useParams();
  const user = useAdminUser(userId);
  useDocumentTitle(user.data?.name || t('nav.adminUser'));
  if (!user.isSuccess) {
    return (
      <DetailState
        query={user}
        notFoundText={t('admin.user.notFound')}
        loadFailedText={t('admin.user.loadFailed')}
        backTo={ADMIN_USERS_PATH}
        backText={t('admin.user.backToList')}
      />
    );
  }
  return <UserView user={user.data} />;
}

/** The dialog open on the page, if any. */
type Action =
  | { name: 'endSession'; session: AdminSession }
  | { name: 'endAll' }
  | { name: 'resend' }
  | { name: 'grant' }
  | { name: 'revoke' }
  | { name: 'disable' }
  | { name: 'enable' }
  | { name: 'resetTwoFactor' };

function UserView({ user }: { user: AdminUserDetail }) {
  const { t } = useTranslation();
  const isMe = useMe().data?.id === user.id;
  const [action, setAction] = useState<Action>();
  const close = () => setAction(undefined);
  return (
    <Stack spacing={3}>
      <PageHeader
        title={user.name || user.email}
        subtitle={
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {user.email}
            </Typography>
            <VerifiedChip isVerified={user.emailVerified} />
            <UserFlagChips isAdmin={user.isAdmin} disabledAt={user.disabledAt} />
          </Stack>
        }
      />
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        {!user.emailVerified && (
          <Button variant="outlined" onClick={() => setAction({ name: 'resend' })}>
            {t('admin.user.resend')}
          </Button>
        )}
        {user.isAdmin ? (
          <Button variant="outlined" disabled={isMe} onClick={() => setAction({ name: 'revoke' })}>
            {t('admin.user.revoke')}
          </Button>
        ) : (
          <Button variant="outlined" onClick={() => setAction({ name: 'grant' })}>
            {t('admin.user.grant')}
          </Button>
        )}
        {user.disabledAt ? (
          <Button variant="outlined" onClick={() => setAction({ name: 'enable' })}>
            {t('admin.user.enable')}
          </Button>
        ) : (
          <Button
            variant="outlined"
            color="error"
            disabled={isMe}
            onClick={() => setAction({ name: 'disable' })}
          >
            {t('admin.user.disable')}
          </Button>
        )}
        {user.hasTwoFactor && (
          <Button
            variant="outlined"
            color="error"
            disabled={isMe}
            onClick={() => setAction({ name: 'resetTwoFactor' })}
          >
            {t('admin.user.resetTwoFactor')}
          </Button>
        )}
        <Button component={RouterLink} to={adminEventsPath({ userId: user.id })}>
          {t('admin.user.events')}
        </Button>
      </Stack>
      {isMe && (
        <Typography variant="body2" color="text.secondary">
          {t('admin.user.isYou')}
        </Typography>
      )}
      <UserDetails user={user} />
      <MembershipsCard user={user} />
      <SessionsCard
        user={user}
        onEnd={(session) => setAction({ name: 'endSession', session })}
        onEndAll={() => setAction({ name: 'endAll' })}
      />
      {action && <UserActionDialog user={user} action={action} onClose={close} />}
    </Stack>
  );
}

function UserDetails({ user }: { user: AdminUserDetail }) {
  const { t } = useTranslation();
  return (
    <SettingsCard title={t('admin.user.details')}>
      <DetailList
        details={[
          { label: t('admin.user.firstname'), value: user.firstname || '–' },
          { label: t('admin.user.lastname'), value: user.lastname || '–' },
          { label: t('admin.user.phone'), value: user.phone || '–' },
          { label: t('admin.user.company'), value: user.companyName || '–' },
          { label: t('admin.user.language'), value: t(`admin.languages.${user.lang}`) },
          { label: t('admin.user.provider'), value: t(`admin.providers.${user.provider}`) },
          { label: t('admin.user.created'), value: formatDateTime(user.createdAt) },
          {
            label: t('admin.user.lastSignIn'),
            value: user.lastSignInAt ? formatDateTime(user.lastSignInAt) : t('admin.users.never'),
          },
          {
            label: t('admin.user.productAdmin'),
            value: user.isProductAdmin ? t('admin.user.yes') : t('admin.user.no'),
          },
          { label: t('admin.user.apiTokens'), value: user.apiTokenCount },
          ...(user.disabledAt
            ? [
                {
                  label: t('admin.user.disabledAt'),
                  value: `${formatDateTime(user.disabledAt)}${user.disabledReason ? ` – ${user.disabledReason}` : ''}`,
                },
              ]
            : []),
          { label: t('admin.user.id'), value: user.id },
        ]}
      />
    </SettingsCard>
  );
}

function MembershipsCard({ user }: { user: AdminUserDetail }) {
  const { t } = useTranslation();
  return (
    <CardTable
      title={t('admin.user.memberships')}
      isEmpty={user.memberships.length === 0}
      emptyText={t('admin.user.noMemberships')}
      minWidth={480}
      head={
        <>
          <TableCell>{t('admin.columns.name')}</TableCell>
          <TableCell>{t('admin.user.role')}</TableCell>
          <TableCell>{t('admin.columns.type')}</TableCell>
          <TableCell>{t('admin.columns.status')}</TableCell>
        </>
      }
    >
      {user.memberships.map((membership) => (
        <TableRow key={membership.id}>
          <TableCell>
            <Link component={RouterLink} to={adminWorkspacePath(membership.id)}>
              {membership.title}
            </Link>
          </TableCell>
          <TableCell>{t(`workspaces.roles.${membership.role}`)}</TableCell>
          <TableCell>{t(`workspaces.type.${membership.type}`)}</TableCell>
          <TableCell>
            {membership.isVerified ? t('admin.status.verified') : t('admin.status.waiting')}
          </TableCell>
        </TableRow>
      ))}
    </CardTable>
  );
}

type SessionsCardProps = {
  user: AdminUserDetail;
  onEnd: (session: AdminSession) => void;
  onEndAll: () => void;
};

function SessionsCard({ user, onEnd, onEndAll }: SessionsCardProps) {
  const { t } = useTranslation();
  const { sessions } = user;
  return (
    <CardTable
      title={t('admin.user.sessions')}
      actions={
        sessions.length > 0 ? (
          <Button variant="contained" color="error" onClick={onEndAll}>
            {t('admin.user.endAll')}
          </Button>
        ) : undefined
      }
      isEmpty={sessions.length === 0}
      emptyText={t('admin.user.noSessions')}
      minWidth={760}
      head={
        <>
          <TableCell>{t('admin.user.sessionStarted')}</TableCell>
          <TableCell>{t('admin.user.sessionRenewed')}</TableCell>
          <TableCell>{t('admin.user.sessionExpires')}</TableCell>
          <TableCell>{t('admin.user.sessionIp')}</TableCell>
          <TableCell>{t('admin.user.sessionDevice')}</TableCell>
          <TableCell align="right">{t('admin.columns.actions')}</TableCell>
        </>
      }
    >
      {sessions.map((session) => (
        <TableRow key={session.id}>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(session.createdAt)}</TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(session.updatedAt)}</TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(session.expiresAt)}</TableCell>
          <TableCell>{session.ipAddress ?? '–'}</TableCell>
          <TableCell sx={{ maxWidth: 280, overflowWrap: 'anywhere' }}>
            <Typography variant="body2" color="text.secondary">
              {session.userAgent ?? '–'}
            </Typography>
          </TableCell>
          <TableCell align="right">
            <Button
              size="small"
              color="error"
              sx={{ whiteSpace: 'nowrap' }}
              aria-label={t('admin.user.endSessionLabel', {
                date: formatDateTime(session.createdAt),
              })}
              onClick={() => onEnd(session)}
            >
              {t('admin.user.endSession')}
            </Button>
          </TableCell>
        </TableRow>
      ))}
    </CardTable>
  );
}

/** The reason dialog of the action chosen: it calls the action and says how it went. */
function UserActionDialog({
  user,
  action,
  onClose,
}: {
  user: AdminUserDetail;
  action: Action;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const endSessions = useEndUserSessions(user.id);
  const resend = useResendVerification(user.id);
  const setAdmin = useSetUserAdmin(user.id);
  const setDisabled = useSetUserDisabled(user.id);
  const resetTwoFactor = useResetTwoFactor(user.id);
  const name = user.name || user.email;
  const done = (message: string) => {
    toast.success(message);
    onClose();
  };
  // Each action's texts are `admin.user.<action>Title`, `…Text` and `admin.user.<action>`.
  const { mutation, submit } = (() => {
    switch (action.name) {
      case 'endSession':
      case 'endAll': {
        const sessionId = action.name === 'endSession' ? action.session.id : undefined;
        return {
          mutation: endSessions,
          submit: (reason: string) =>
            endSessions.mutate(
              { reason, sessionId },
              { onSuccess: ({ ended }) => done(t('admin.user.sessionsEnded', { count: ended })) },
            ),
        };
      }
      case 'resend':
        return {
          mutation: resend,
          submit: (reason: string) =>
            resend.mutate(
              { reason },
              { onSuccess: () => done(t('admin.user.resent', { email: user.email })) },
            ),
        };
      case 'grant':
      case 'revoke': {
        const isAdmin = action.name === 'grant';
        const message = isAdmin
          ? t('admin.user.granted', { name })
          : t('admin.user.revoked', { name });
        return {
          mutation: setAdmin,
          submit: (reason: string) =>
            setAdmin.mutate({ reason, isAdmin }, { onSuccess: () => done(message) }),
        };
      }
      case 'disable':
      case 'enable': {
        const isDisabled = action.name === 'disable';
        const message = isDisabled
          ? t('admin.user.disabled', { name })
          : t('admin.user.enabled', { name });
        return {
          mutation: setDisabled,
          submit: (reason: string) =>
            setDisabled.mutate({ reason, isDisabled }, { onSuccess: () => done(message) }),
        };
      }
      case 'resetTwoFactor':
        return {
          mutation: resetTwoFactor,
          submit: (reason: string) =>
            resetTwoFactor.mutate(
              { reason },
              { onSuccess: () => done(t('admin.user.twoFactorReset', { name })) },
            ),
        };
    }
  })();
  return (
    <ReasonDialog
      title={t(`admin.user.${action.name}Title`, { name, email: user.email })}
      text={t(`admin.user.${action.name}Text`)}
      confirmLabel={t(`admin.user.${action.name}`)}
      isPending={mutation.isPending}
      error={mutation.error}
      onSubmit={submit}
      onClose={onClose}
    />
  );
}
