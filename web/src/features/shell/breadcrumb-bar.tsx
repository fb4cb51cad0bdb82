import NavigateNext from '@mui/icons-material/NavigateNext';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Crumb } from '../../ui/route-handle';

/** Where the page sits in the dashboard: the routes' `handle.crumb`, or the page's own (usePageCrumbs). */
export function BreadcrumbBar({ crumbs }: { crumbs: Crumb[] }) {
  const { t } = useTranslation();
  // A lone crumb names the page the heading already names.
  if (crumbs.length < 2) return null;
  return (
    <Breadcrumbs
      aria-label={t('nav.breadcrumbs')}
      separator={<NavigateNext fontSize="small" />}
      sx={{ mb: 2 }}
    >
      {crumbs.map((crumb, index) =>
        index === crumbs.length - 1 ? (
          <Typography key={crumb.key} color="text.primary" aria-current="page">
            {crumb.label}
          </Typography>
        ) : (
          <Link
            key={crumb.key}
            component={RouterLink}
            to={crumb.to}
            underline="hover"
            color="inherit"
          >
            {crumb.label}
          </Link>
        ),
      )}
    </Breadcrumbs>
  );
}
