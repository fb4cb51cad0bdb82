import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { errorText } from '../../app/error-text';
import { LanguageSelect } from '../../app/language-select';
import { useLiveTopic } from '../../app/live';
import { type DrawerControl, DrawerControlContext } from '../../ui/drawer-control';
import { ErrorAlert } from '../../ui/error-alert';
import { PageLoader } from '../../ui/page-loader';
import { type PageCrumbs, PageCrumbsContext, useCrumbs } from '../../ui/route-handle';
import { toast } from '../../ui/toast-store';
import { useLang } from '../../ui/use-lang';
import { type Me, meQueryKey, useMe, useSignOut, withRedirect } from '../auth';
import { SearchToggle } from '../search';
import { useChatWidget } from '../support';
import { TwoFactorRequiredPage } from '../two-factor';
import { BreadcrumbBar } from './breadcrumb-bar';
import { NavDrawerContent } from './nav-drawer';
import { NotificationsMenu } from './notifications-menu';
import { UserAvatar } from './user-avatar';

const DRAWER_WIDTH = 264;

/**
 * The frame of every `/dashboard/*` page. Without a session the browser goes to sign in
 * and comes back here; a Google/Microsoft user without a profile completes it first.
 */
export function DashboardLayout() {
  const { t } = useTranslation();
  const me = useMe();
  const { pathname, search } = useLocation();
  if (me.isPending) return <FullPageLoader />;
  if (me.isError) {
    return (
      <Stack spacing={2} sx={{ p: 4, alignItems: 'flex-start' }}>
        <Typography variant="h5" component="h1">
          {t('shell.loadFailed')}
        </Typography>
        <ErrorAlert error={me.error} />
        <Button variant="contained" onClick={() => me.refetch()}>
          {t('common.tryAgain')}
        </Button>
      </Stack>
    );
  }
  if (!me.data) return <Navigate to={withRedirect('/login', pathname + search)} replace />;
  if (!me.data.isProfileComplete) {
    return <Navigate to={withRedirect('/sso/signup', pathname + search)} replace />;
  }
  if (me.data.isTwoFactorRequired) return <TwoFactorRequiredPage />;
  return <Shell me={me.data} />;
}

function FullPageLoader() {
  return (
    <Box sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center' }}>
      <PageLoader />
    </Box>
  );
}

function Shell({ me }: { me: Me }) {
  const { t } = useTranslation();
  const lang = useLang();
  const theme = useTheme();
  const isWide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [isDesktopOpen, setIsDesktopOpen] = useState(true);
  // The menu floats over the page on narrow screens and on the editors (spec 1 §2).
  const [isFloatOpen, setIsFloatOpen] = useState(false);
  const [openEditors, setOpenEditors] = useState(0);
  const [pageCrumbs, setPageCrumbs] = useState<PageCrumbs | null>(null);
  const crumbs = useCrumbs(pageCrumbs);
  const signOut = useSignOut();
  // Events on the user (counts, settings changed in another tab) refetch the user.
  useLiveTopic(`user:${me.id}`, meQueryKey);
  useWelcomeToast(me);
  // Spec 1 §2: the operator's chat widget, in the signed-in app only (sign-in stays light).
  useChatWidget();

  const isFloating = !isWide || openEditors > 0;
  const isDrawerOpen = isFloating ? isFloatOpen : isDesktopOpen;
  const toggleDrawer = () =>
    isFloating ? setIsFloatOpen((open) => !open) : setIsDesktopOpen((open) => !open);
  const closeFloat = () => setIsFloatOpen(false);
  const drawerControl = useMemo<DrawerControl>(
    () => ({
      floatWhileOpen: () => {
        setOpenEditors((count) => count + 1);
        setIsFloatOpen(false);
        return () => setOpenEditors((count) => count - 1);
      },
    }),
    [],
  );
  const onSignOut = () =>
    signOut.mutate(undefined, { onError: (error) => toast.error(errorText(error, lang)) });
  const title = crumbs.at(-1)?.label ?? t('nav.dashboard');
  const offset = !isFloating && isDesktopOpen ? DRAWER_WIDTH : 0;

  const content = <NavDrawerContent me={me} onNavigate={closeFloat} onSignOut={onSignOut} />;
  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh' }}>
      <AppBar
        position="fixed"
        color="inherit"
        elevation={0}
        sx={{
          borderBottom: 1,
          borderColor: 'divider',
          width: `calc(100% - ${offset}px)`,
          ml: `${offset}px`,
          transition: theme.transitions.create(['width', 'margin']),
        }}
      >
        <Toolbar sx={{ gap: 1 }}>
          <IconButton
            edge="start"
            color="inherit"
            aria-label={t('shell.toggleMenu')}
            aria-expanded={isDrawerOpen}
            onClick={toggleDrawer}
          >
            <MenuIcon />
          </IconButton>
          <Typography variant="h6" component="p" noWrap sx={{ flexGrow: 1, fontWeight: 600 }}>
            {title}
          </Typography>
          <Box sx={{ display: { xs: 'none', sm: 'block' } }}>
            <LanguageSelect />
          </Box>
          <SearchToggle />
          <NotificationsMenu userId={me.id} />
          <UserAvatar me={me} />
        </Toolbar>
      </AppBar>
      {isFloating ? (
        <Drawer
          variant="temporary"
          open={isFloatOpen}
          onClose={closeFloat}
          ModalProps={{ keepMounted: true }}
          sx={{ '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' } }}
        >
          {content}
        </Drawer>
      ) : (
        <Drawer
          variant="persistent"
          open={isDesktopOpen}
          sx={{
            width: isDesktopOpen ? DRAWER_WIDTH : 0,
            flexShrink: 0,
            transition: theme.transitions.create('width'),
            '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' },
          }}
        >
          {content}
        </Drawer>
      )}
      {/* Room below the page, so that its last buttons can scroll clear of the toasts. */}
      <Box
        component="main"
        sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, sm: 3 }, pb: { xs: 12, sm: 14 } }}
      >
        <Toolbar />
        <FirstLoginLoader me={me} left={offset} />
        <BreadcrumbBar crumbs={crumbs} />
        <Suspense fallback={<PageLoader />}>
          <DrawerControlContext value={drawerControl}>
            <PageCrumbsContext value={setPageCrumbs}>
              <Outlet />
            </PageCrumbsContext>
          </DrawerControlContext>
        </Suspense>
      </Box>
    </Box>
  );
}

/** How long the first sign-in shows that the dashboard is being prepared (spec 1 §2). */
const FIRST_LOGIN_LOADER_MS = 8_000;

/**
 * First sign-in after signup: a bar for 8 s says the dashboard is being set up, while its
 * counters and lists arrive. It floats under the app bar and lets clicks through: it neither
 * blocks the page nor moves it when it goes (a button would jump from under the pointer).
 */
function FirstLoginLoader({ me, left }: { me: Me; left: number }) {
  const { t } = useTranslation();
  const [isShown, setIsShown] = useState(me.isFirstLogin);
  useEffect(() => {
    if (!isShown) return;
    const timer = setTimeout(() => setIsShown(false), FIRST_LOGIN_LOADER_MS);
    return () => clearTimeout(timer);
  }, [isShown]);
  if (!isShown) return null;
  return (
    <Box
      role="status"
      sx={{
        position: 'fixed',
        top: { xs: 56, sm: 64 },
        left,
        right: 0,
        zIndex: (theme) => theme.zIndex.appBar - 1,
        pointerEvents: 'none',
        bgcolor: 'background.paper',
        boxShadow: 1,
        px: 3,
        pb: 1,
      }}
    >
      <LinearProgress aria-label={t('shell.preparing')} />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t('shell.preparing')}
      </Typography>
    </Box>
  );
}

/** First sign-in after signup: a welcome toast, once per browser tab. */
function useWelcomeToast(me: Me) {
  const { t } = useTranslation();
  const { id, isFirstLogin, firstname } = me;
  useEffect(() => {
    if (!isFirstLogin) return;
    const key = `pactum.welcomed.${id}`;
    try {
      if (sessionStorage.getItem(key)) return;
      sessionStorage.setItem(key, '1');
    } catch {
      // Without storage the toast may show again after a reload; harmless.
    }
    toast.success(t('shell.welcome', { name: firstname }), 8_000);
  }, [id, isFirstLogin, firstname, t]);
}
