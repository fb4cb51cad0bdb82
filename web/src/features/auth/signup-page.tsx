import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useMe } from './api/get-me';
import { OrDivider } from './components/login-card';
import { SignupForm } from './components/signup-form';
import { SsoButtons, useHasSso } from './components/sso-buttons';
import { StartFrame } from './components/start-frame';
import { safeRedirect, withRedirect } from './redirect';

/** `/signup`: register with Google, Microsoft or an e-mail address and a password. */
export function SignupPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('signup.title'));
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const me = useMe();
  const hasSso = useHasSso();
  const [isEmailChosen, setIsEmailChosen] = useState(false);
  const returnTo = params.get('redirect');
  const target = safeRedirect(returnTo);
  if (me.data?.isProfileComplete) return <Navigate to={target} replace />;
  // With no single sign-on there is nothing to choose: the form shows at once.
  const isFormShown = isEmailChosen || hasSso === false;
  return (
    <StartFrame title={t('signup.title')} subtitle={isFormShown ? undefined : t('signup.choose')}>
      {isFormShown ? (
        <>
          <SignupForm onSignedUp={() => navigate(target, { replace: true })} />
          {hasSso && (
            <Button sx={{ alignSelf: 'center' }} onClick={() => setIsEmailChosen(false)}>
              {t('signup.otherWays')}
            </Button>
          )}
        </>
      ) : (
        <>
          <SsoButtons mode="signUp" returnTo={returnTo} />
          <OrDivider />
          <Button variant="contained" size="large" onClick={() => setIsEmailChosen(true)}>
            {t('signup.withEmail')}
          </Button>
        </>
      )}
      <Typography sx={{ textAlign: 'center' }}>
        {t('signup.haveAccount')}{' '}
        <Link component={RouterLink} to={withRedirect('/login', returnTo)}>
          {t('signup.signIn')}
        </Link>
      </Typography>
    </StartFrame>
  );
}
