import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import {
  ADMIN_BILLING_PATH,
  ADMIN_DOCUMENTS_PATH,
  ADMIN_EVENTS_PATH,
  ADMIN_USERS_PATH,
} from '../admin-paths';

const sections = [
  { key: 'billing', to: ADMIN_BILLING_PATH },
  { key: 'users', to: ADMIN_USERS_PATH },
  { key: 'documents', to: ADMIN_DOCUMENTS_PATH },
  { key: 'events', to: ADMIN_EVENTS_PATH },
] as const;

/** The admin area's sections, on every admin page; a detail page marks its list's section. */
export function AdminNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const current = sections.find(({ to }) => pathname === to || pathname.startsWith(`${to}/`));
  return (
    <Box
      component="nav"
      aria-label={t('admin.nav.label')}
      sx={{ borderBottom: 1, borderColor: 'divider' }}
    >
      <Tabs value={current?.key ?? false} variant="scrollable" scrollButtons={false}>
        {sections.map(({ key, to }) => (
          <Tab
            key={key}
            value={key}
            label={t(`admin.nav.${key}`)}
            component={RouterLink}
            to={to}
            aria-current={current?.key === key ? 'page' : undefined}
          />
        ))}
      </Tabs>
    </Box>
  );
}
