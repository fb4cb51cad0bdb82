import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { archivePath } from '../archive-paths';

type Crumb = { id: string; name: string };

type ArchiveBreadcrumbsProps = {
  /** The folders from the root down to the shown item's folder. */
  path: readonly Crumb[];
  /** The folder or file shown; none at the root. */
  current?: string;
};

/** Archive > folder > subfolder > current (spec 1 §2): each folder a link. */
export function ArchiveBreadcrumbs({ path, current }: ArchiveBreadcrumbsProps) {
  const { t } = useTranslation();
  return (
    <Breadcrumbs aria-label={t('archive.pathLabel')} sx={{ '& ol': { flexWrap: 'wrap' } }}>
      {current === undefined ? (
        <Typography color="text.primary" aria-current="page">
          {t('archive.title')}
        </Typography>
      ) : (
        <Link component={RouterLink} to={archivePath()} underline="hover" color="inherit">
          {t('archive.title')}
        </Link>
      )}
      {path.map((crumb) => (
        <Link
          key={crumb.id}
          component={RouterLink}
          to={archivePath(crumb.id)}
          underline="hover"
          color="inherit"
        >
          {crumb.name}
        </Link>
      ))}
      {current !== undefined && (
        <Typography color="text.primary" aria-current="page" sx={{ overflowWrap: 'anywhere' }}>
          {current}
        </Typography>
      )}
    </Breadcrumbs>
  );
}
