import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, Link as RouterLink } from 'react-router';
import { PageLoader } from '../ui/page-loader';
import { LanguageSelect } from './language-select';

/** The frame of pages seen without signing in: a light app bar and centred content. */
export function PublicLayout() {
  const { t } = useTranslation();
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
      <AppBar
        position="static"
        color="inherit"
        elevation={0}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        <Toolbar sx={{ gap: 2 }}>
          <Link
            component={RouterLink}
            to="/"
            underline="none"
            aria-label={t('app.homeLink')}
            sx={{ display: 'flex', alignItems: 'center', gap: 1, fontWeight: 700, fontSize: 20 }}
          >
            <Box component="img" src="/favicon.svg" alt="" sx={{ width: 28, height: 28 }} />
            {t('app.name')}
          </Link>
          <Box sx={{ flexGrow: 1 }} />
          <LanguageSelect />
        </Toolbar>
      </AppBar>
      <Box
        component="main"
        sx={{
          flex: 1,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          p: { xs: 2, sm: 4 },
        }}
      >
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}
