import Alert from '@mui/material/Alert';
import { authMessages } from '@pactum/core/auth';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useLang } from '../../ui/use-lang';
import { useMe } from './api/get-me';
import { LoginCard } from './components/login-card';
import { safeRedirect, withRedirect } from './redirect';

/** `/login`: sign in, then go back to `?redirect=` or to the dashboard. */
export function LoginPage() {
  const lang = useLang();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const me = useMe();
  const returnTo = params.get('redirect');
  const target = safeRedirect(returnTo);
  if (me.data?.isProfileComplete) return <Navigate to={target} replace />;
  const notice =
    params.get('error') === 'sso_failed' ? (
      <Alert severity="error" role="alert">
        {authMessages[lang].ssoFailed}
      </Alert>
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
