import { useEffect } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { PageLoader } from '../../ui/page-loader';
import { useMe } from './api/get-me';
import { DASHBOARD_HOME } from './redirect';

/** The spec's pause before a signed-in visitor of `/` is taken to the dashboard (1 §9). */
const START_REDIRECT_MS = 100;

/** `/`: the dashboard for a signed-in user (after a short pause), else the sign-in page. */
export function StartPage() {
  const me = useMe();
  const navigate = useNavigate();
  const isSignedIn = Boolean(me.data);
  useEffect(() => {
    if (!isSignedIn) return;
    const timer = setTimeout(() => navigate(DASHBOARD_HOME, { replace: true }), START_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [isSignedIn, navigate]);
  if (me.data === null || me.isError) return <Navigate to="/login" replace />;
  return <PageLoader />;
}
