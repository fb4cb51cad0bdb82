import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { PlainAlert } from '../../ui/plain/plain-alert';
import { SupportContact } from '../support';
import { useMe } from './api/get-me';
import { LoginCard } from './components/login-card';
import { safeRedirect, withRedirect } from './redirect';
import { useAuthMessages } from './use-auth-messages';

/** `/login`: sign in, then go back to `?redirect=` or to the dashboard. */
export function LoginPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const me = useMe();
  const returnTo = params.get('redirect');
  const target = safeRedirect(returnTo);
  if (me.data?.isProfileComplete) return <Navigate to={target} replace />;
  const error = params.get('error');
  // The single sign-on return leads here when it failed or the account is disabled.
  const notice =
    error === 'sso_failed' ? (
      <SsoFailedAlert />
    ) : error === 'account_disabled' ? (
      <PlainAlert severity="error" role="alert">
        {t('support.errors.accountDisabled')}
        <SupportContact />
      </PlainAlert>
    ) : undefined;
  return (
    <LoginCard
      returnTo={returnTo}
      signupHref={withRedirect('/signup', returnTo)}
      notice={notice}
      onSignedIn={() => navigate(target, { replace: true })}
    />
  );
}

/** The failed single sign-on's text (`authMessages`, fetched with the module that holds it). */
function SsoFailedAlert() {
  const messages = useAuthMessages(true);
  if (!messages) return null;
  return (
    <PlainAlert severity="error" role="alert">
      {messages.ssoFailed}
    </PlainAlert>
  );
}
