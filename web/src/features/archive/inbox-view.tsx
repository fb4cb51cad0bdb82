import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { archiveMessages } from '@pactum/core/archive';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../ui/error-alert';
import { PageHeader } from '../../ui/page-header';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useLang } from '../../ui/use-lang';
import { useInbox } from './api/get-inbox';
import { ArchiveBreadcrumbs } from './components/archive-breadcrumbs';
import { InboxFilings } from './components/inbox-filings';
import { ItemTable } from './components/item-table';
import { LoadMore } from './components/load-more';
import { UploadButton } from './components/upload-button';
import { useEditFileParam } from './edit-file-param';

/**
 * The Inbox (spec 1 §2): every signed deal's copy for the user's party, filed automatically;
 * deals still on their way show with their progress. Its files can be moved into folders from
 * their document info dialog; nothing is uploaded here.
 */
export function InboxView() {
  const { t } = useTranslation();
  const lang = useLang();
  const inbox = useInbox();
  const editFile = useEditFileParam();
  useDocumentTitle(t('archive.inbox'));
  const first = inbox.data?.pages[0];
  const items = inbox.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Stack spacing={2} sx={{ maxWidth: 1280 }}>
      <ArchiveBreadcrumbs path={[]} current={t('archive.inbox')} />
      <PageHeader
        title={t('archive.inbox')}
        actions={<UploadButton disabledNote={t('archive.uploadOnlyInFolder')} />}
      />
      {inbox.isError ? (
        <ErrorAlert error={inbox.error} fallback={t('archive.loadFailed')} />
      ) : !first ? (
        <Skeleton variant="rounded" height={240} />
      ) : (
        <>
          <InboxFilings filings={first.filings} />
          {items.length === 0 ? (
            <Alert severity="info">{archiveMessages[lang].emptyInbox}</Alert>
          ) : (
            <ItemTable
              label={t('archive.inbox')}
              items={items}
              onEditFile={(file) => editFile.open(file.id)}
            />
          )}
          <LoadMore
            shown={items.length}
            total={first.total}
            hasMore={inbox.hasNextPage}
            isLoading={inbox.isFetchingNextPage}
            onLoad={() => void inbox.fetchNextPage()}
          />
        </>
      )}
    </Stack>
  );
}
