import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { chooseLanguage } from '../../app/i18n';
import { PageLoader } from '../../ui/page-loader';
import { meQueryOptions } from './api/get-me';
import { safeRedirect, withRedirect } from './redirect';

/**
 * `/sso/complete`: where the server sends the browser back after Google or Microsoft. A new
 * user completes the profile first (`/sso/signup`); others go on to `?redirect=`.
 */
export function SsoCompletePage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  // Always asked afresh: the session cookie was set by the provider round trip.
  const me = useQuery({ ...meQueryOptions, staleTime: 0, refetchOnMount: 'always' });
  const returnTo = params.get('redirect');
  useEffect(() => {
    if (me.isFetching) return;
    if (me.isError || me.data === null) {
      navigate('/login?error=sso_failed', { replace: true });
    } else if (me.data && !me.data.isProfileComplete) {
      navigate(withRedirect('/sso/signup', returnTo), { replace: true });
    } else if (me.data) {
      void chooseLanguage(me.data.lang);
      navigate(safeRedirect(returnTo), { replace: true });
    }
  }, [me.isFetching, me.isError, me.data, returnTo, navigate]);
  return <PageLoader />;
}
