import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useLocation, useParams } from 'react-router';
import { ApiError } from '../../app/http';
import { ErrorAlert } from '../../ui/error-alert';
import { PageLoader } from '../../ui/page-loader';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useErrorText } from '../../ui/use-error-text';
import { type InviteKind, useClaimInvite, useInvite } from './api/get-invite';
import { LoginCard } from './components/login-card';
import { SignupForm } from './components/signup-form';
import { StartFrame } from './components/start-frame';
import { DASHBOARD_HOME, withRedirect } from './redirect';

/**
 * `/document/invite/:inviteId` (invite to negotiate) and `/document/sign/:signerShortId`
 * (invite to sign): a signed-in user whose link it is goes on to the document; a link nobody
 * has taken yet is taken only when the user confirms it here (so another site cannot make a
 * signed-in user join its deal); anyone else signs in or registers here and comes back.
 */
export function InvitePage({ kind }: { kind: InviteKind }) {
  const params = useParams();
  const id = (kind === 'invite' ? params.inviteId : params.signerShortId) ?? '';
  const invite = useInvite(kind, id);
  const { pathname, search } = useLocation();
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<'login' | 'register'>();
  const returnTo = pathname + search;
  const askAgain = () => queryClient.invalidateQueries({ queryKey: ['invite', kind, id] });

  if (invite.isPending) return <PageLoader />;
  if (invite.isError) return <InviteError error={invite.error} />;
  const resolution = invite.data;
  if (resolution.outcome === 'open') return <Navigate to={resolution.path} replace />;
  if (resolution.outcome === 'claim') {
    return (
      <InviteClaim
        kind={kind}
        id={id}
        title={resolution.title}
        senderName={resolution.senderName}
      />
    );
  }

  const email = resolution.email ?? undefined;
  const shown = mode ?? resolution.outcome;
  if (shown === 'login') {
    return (
      <InviteLogin
        email={email}
        returnTo={returnTo}
        onSignedIn={askAgain}
        onRegister={() => setMode('register')}
      />
    );
  }
  return (
    <InviteRegister
      email={email}
      inviteId={id}
      onSignedUp={askAgain}
      onLogin={() => setMode('login')}
    />
  );
}

/** The signed-in user confirms that they take the link: the document opens as theirs. */
function InviteClaim({
  kind,
  id,
  title,
  senderName,
}: {
  kind: InviteKind;
  id: string;
  title: string;
  senderName: string;
}) {
  const { t } = useTranslation();
  const claim = useClaimInvite(kind, id);
  const heading = t(kind === 'sign' ? 'invite.claimSignTitle' : 'invite.claimTitle');
  useDocumentTitle(heading);
  if (claim.isSuccess) return <Navigate to={claim.data.path} replace />;
  return (
    <StartFrame title={heading}>
      <Typography>
        {t(kind === 'sign' ? 'invite.claimSignText' : 'invite.claimText', {
          title,
          sender: senderName,
        })}
      </Typography>
      <ErrorAlert error={claim.isError ? claim.error : undefined} />
      <Button
        variant="contained"
        sx={{ alignSelf: 'flex-start' }}
        loading={claim.isPending}
        onClick={() => claim.mutate()}
      >
        {t(kind === 'sign' ? 'invite.claimSign' : 'invite.claim')}
      </Button>
    </StartFrame>
  );
}

function InviteLogin({
  email,
  returnTo,
  onSignedIn,
  onRegister,
}: {
  email: string | undefined;
  returnTo: string;
  onSignedIn: () => void;
  onRegister: () => void;
}) {
  const { t } = useTranslation();
  return (
    <LoginCard
      title={t('invite.loginTitle')}
      defaultEmail={email}
      returnTo={returnTo}
      signupHref={withRedirect('/signup', returnTo)}
      onSignedIn={onSignedIn}
      notice={
        <Button variant="text" sx={{ alignSelf: 'flex-start' }} onClick={onRegister}>
          {t('invite.registerInstead')}
        </Button>
      }
    />
  );
}

function InviteRegister({
  email,
  inviteId,
  onSignedUp,
  onLogin,
}: {
  email: string | undefined;
  inviteId: string;
  onSignedUp: () => void;
  onLogin: () => void;
}) {
  const { t } = useTranslation();
  useDocumentTitle(t('invite.registerTitle'));
  return (
    <StartFrame title={t('invite.registerTitle')}>
      <SignupForm defaultEmail={email} inviteId={inviteId} onSignedUp={onSignedUp} />
      <Typography sx={{ textAlign: 'center' }}>
        <Link component="button" type="button" onClick={onLogin}>
          {t('invite.loginInstead')}
        </Link>
      </Typography>
    </StartFrame>
  );
}

const INVITE_ERRORS = [
  'invite_not_found',
  'invite_used',
  'invite_invalid',
  'invite_wrong_account',
  'invite_other_party',
  'signing_request_cancelled',
  'signing_request_declined',
  'signing_request_withdrawn',
  'signing_request_replaced',
];

/** Refusals of a link that once worked: a warning, and the way to the dashboard. */
const ENDED_LINK_ERRORS = [
  'invite_invalid',
  'signing_request_cancelled',
  'signing_request_declined',
  'signing_request_withdrawn',
  'signing_request_replaced',
];

/** The spec's invite errors (1 §8); an expired link offers the dashboard. */
function InviteError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const code = error instanceof ApiError ? error.code : '';
  const isKnown = INVITE_ERRORS.includes(code);
  // The invite refusals' texts come from the error catalogue, fetched when one is shown.
  const catalogueText = useErrorText(isKnown ? error : undefined);
  const message = isKnown ? catalogueText : t('invite.unknown');
  useDocumentTitle(t('invite.title'));
  return (
    <StartFrame title={t('invite.title')}>
      {message !== undefined && (
        <Alert severity={ENDED_LINK_ERRORS.includes(code) ? 'warning' : 'error'} role="alert">
          {message}
        </Alert>
      )}
      {ENDED_LINK_ERRORS.includes(code) && (
        <Button
          variant="contained"
          component={RouterLink}
          to={DASHBOARD_HOME}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('invite.openDashboard')}
        </Button>
      )}
    </StartFrame>
  );
}
