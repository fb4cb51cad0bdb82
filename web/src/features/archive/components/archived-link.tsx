import Link from '@mui/material/Link';
import { INBOX_ID } from '@pactum/core/archive';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useDealArchived } from '../api/get-deal-archived';
import { archivePath } from '../archive-paths';

/**
 * 'Archived': a signed deal's link to the caller's archived copy, in its folder or the Inbox.
 * Nothing shows while the copy is still being filed.
 */
export function ArchivedLink({ dealId, dealTitle }: { dealId: string; dealTitle: string }) {
  const { t } = useTranslation();
  const archived = useDealArchived(dealId);
  if (!archived.data) return null;
  const { archiveId, parentId } = archived.data;
  return (
    <Link
      component={RouterLink}
      to={archivePath(parentId ?? INBOX_ID, archiveId)}
      aria-label={t('archive.archivedLinkLabel', { title: dealTitle })}
    >
      {t('archive.archivedLink')}
    </Link>
  );
}
