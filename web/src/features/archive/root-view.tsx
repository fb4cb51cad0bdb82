import CreateNewFolderOutlined from '@mui/icons-material/CreateNewFolderOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { archiveMessages } from '@pactum/core/archive';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { codeText } from '../../app/error-text';
import { ErrorAlert } from '../../ui/error-alert';
import { PageHeader } from '../../ui/page-header';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useLang } from '../../ui/use-lang';
import { useArchiveRoot } from './api/get-root';
import { archivePath } from './archive-paths';
import { CreateFolderDialog } from './components/create-folder-dialog';
import { ItemTable } from './components/item-table';
import { LoadMore } from './components/load-more';
import { UploadButton } from './components/upload-button';
import { useEditFileParam } from './edit-file-param';

/**
 * The archive's root (spec 1 §2): the starred Inbox, the user's folders and 'Create new
 * folder', which needs a workspace ('A Workspace is required to create folders and upload
 * documents.') that the user administers (issue 35: members make folders only inside folders
 * of their groups). The server says which (`canCreateFolders`, `canCreateRootFolder`). Nothing
 * is uploaded here.
 */
export function RootView() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const root = useArchiveRoot();
  const editFile = useEditFileParam();
  const [isCreating, setIsCreating] = useState(false);
  useDocumentTitle(t('archive.title'));
  const first = root.data?.pages[0];
  const items = root.data?.pages.flatMap((page) => page.items) ?? [];
  const hasWorkspace = first?.canCreateFolders ?? false;
  const canCreate = first?.canCreateRootFolder ?? false;
  // Why 'Create new folder' is disabled: no workspace, or a member's role (the server's flags).
  const reason = !first
    ? undefined
    : !hasWorkspace
      ? archiveMessages[lang].workspaceRequired
      : !canCreate
        ? codeText('archive_root_folder_administrators_only', lang)
        : undefined;
  const reasonId = useId();

  return (
    <Stack spacing={2} sx={{ maxWidth: 1280 }}>
      <PageHeader
        title={t('archive.title')}
        actions={
          <>
            <UploadButton disabledNote={t('archive.uploadOnlyInFolder')} />
            {/* A disabled button says why, on hover and to screen readers (the note below). */}
            <Tooltip title={reason ?? ''}>
              <span>
                <Button
                  variant="contained"
                  startIcon={<CreateNewFolderOutlined />}
                  disabled={!canCreate}
                  aria-describedby={reason ? reasonId : undefined}
                  onClick={() => setIsCreating(true)}
                >
                  {t('archive.createFolder')}
                </Button>
              </span>
            </Tooltip>
          </>
        }
      />
      {reason && (
        <Alert id={reasonId} severity="info">
          {reason}
        </Alert>
      )}
      {root.isError ? (
        <ErrorAlert error={root.error} fallback={t('archive.loadFailed')} />
      ) : !first ? (
        <Skeleton variant="rounded" height={240} />
      ) : (
        <>
          <ItemTable
            label={t('archive.title')}
            items={items}
            inbox={first.inbox}
            onEditFile={(file) => editFile.open(file.id)}
          />
          {items.length === 0 && <Alert severity="info">{t('archive.emptyRoot')}</Alert>}
          <LoadMore
            shown={items.length}
            total={first.total}
            hasMore={root.hasNextPage}
            isLoading={root.isFetchingNextPage}
            onLoad={() => void root.fetchNextPage()}
          />
        </>
      )}
      {isCreating && (
        <CreateFolderDialog
          parent={null}
          onClose={() => setIsCreating(false)}
          onCreated={(folder) => {
            setIsCreating(false);
            navigate(archivePath(folder.id));
          }}
        />
      )}
    </Stack>
  );
}
