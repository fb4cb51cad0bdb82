import MoreVert from '@mui/icons-material/MoreVert';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ApiError } from '../../app/http';
import { ErrorAlert } from '../../ui/error-alert';
import { PageHeader } from '../../ui/page-header';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useFolder } from './api/get-folder';
import { useFolderItems } from './api/list-folder-items';
import { archivePath } from './archive-paths';
import { ArchiveBreadcrumbs } from './components/archive-breadcrumbs';
import { CreateFolderDialog } from './components/create-folder-dialog';
import { DropZone } from './components/drop-zone';
import { EditFolderDialog } from './components/edit-folder-dialog';
import { ItemTable } from './components/item-table';
import { LoadMore } from './components/load-more';
import { PermissionProgress } from './components/permission-progress';
import { UploadButton } from './components/upload-button';
import { UploadList } from './components/upload-list';
import { useEditFileParam } from './edit-file-param';
import { useUploadQueue } from './use-upload-queue';

type Dialog = 'edit' | 'subfolder' | null;

/**
 * A folder (spec 1 §2): the breadcrumbs, the folder menu (Edit folder, and Create subfolder
 * where the server says the user may: `canCreateSubfolder`), its subfolders and files by name,
 * and uploads by button or by dropping files and folder trees.
 */
export function FolderView({ folderId }: { folderId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const menuId = useId();
  const folder = useFolder(folderId);
  const items = useFolderItems(folderId);
  const uploads = useUploadQueue(folderId);
  const editFile = useEditFileParam();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  useDocumentTitle(folder.data?.name ?? t('archive.title'));

  if (folder.isError) {
    const isGone = folder.error instanceof ApiError && folder.error.status === 404;
    return (
      <Stack spacing={2} sx={{ maxWidth: 720, alignItems: 'flex-start' }}>
        <ArchiveBreadcrumbs path={[]} current="…" />
        {isGone ? (
          <Alert severity="warning">{t('archive.notFound')}</Alert>
        ) : (
          <ErrorAlert error={folder.error} fallback={t('archive.loadFailed')} />
        )}
        <Button component={RouterLink} to={archivePath()}>
          {t('archive.backToArchive')}
        </Button>
      </Stack>
    );
  }
  if (!folder.data) {
    return <Skeleton variant="rounded" height={320} sx={{ maxWidth: 1280 }} />;
  }
  const detail = folder.data;
  const first = items.data?.pages[0];
  const list = items.data?.pages.flatMap((page) => page.items) ?? [];
  const addFiles = uploads.queue ? uploads.queue.add.bind(uploads.queue) : undefined;
  const parentPath = archivePath(detail.path.at(-1)?.id);

  return (
    <Stack spacing={2} sx={{ maxWidth: 1280 }}>
      <ArchiveBreadcrumbs path={detail.path} current={detail.name} />
      <PageHeader
        title={detail.name}
        subtitle={detail.workspaceTitle ? <span>{detail.workspaceTitle}</span> : undefined}
        actions={
          <>
            <UploadButton onFiles={addFiles} />
            <IconButton
              aria-label={t('archive.folderMenu')}
              aria-haspopup="menu"
              aria-controls={menuAnchor ? menuId : undefined}
              aria-expanded={Boolean(menuAnchor)}
              onClick={(event) => setMenuAnchor(event.currentTarget)}
            >
              <MoreVert />
            </IconButton>
            <Menu
              id={menuId}
              anchorEl={menuAnchor}
              open={Boolean(menuAnchor)}
              onClose={() => setMenuAnchor(null)}
            >
              <MenuItem
                onClick={() => {
                  setMenuAnchor(null);
                  setDialog('edit');
                }}
              >
                {t('archive.editFolder')}
              </MenuItem>
              {detail.canCreateSubfolder && (
                <MenuItem
                  onClick={() => {
                    setMenuAnchor(null);
                    setDialog('subfolder');
                  }}
                >
                  {t('archive.createSubfolder')}
                </MenuItem>
              )}
            </Menu>
          </>
        }
      />
      <PermissionProgress change={detail.permissionChange} />
      {uploads.queue && <UploadList queue={uploads.queue} rows={uploads.rows} />}
      <DropZone onFiles={addFiles}>
        {items.isError ? (
          <ErrorAlert error={items.error} fallback={t('archive.loadFailed')} />
        ) : !first ? (
          <Skeleton variant="rounded" height={160} />
        ) : list.length === 0 ? (
          <Alert severity="info" sx={{ py: 4 }}>
            {t('archive.emptyFolder')}
          </Alert>
        ) : (
          <Stack spacing={2}>
            <ItemTable
              label={detail.name}
              items={list}
              onEditFile={(file) => editFile.open(file.id)}
            />
            <LoadMore
              shown={list.length}
              total={first.total}
              hasMore={items.hasNextPage}
              isLoading={items.isFetchingNextPage}
              onLoad={() => void items.fetchNextPage()}
            />
          </Stack>
        )}
      </DropZone>
      {dialog === 'edit' && (
        <EditFolderDialog
          folder={detail}
          onClose={() => setDialog(null)}
          onDeleted={() => navigate(parentPath, { replace: true })}
        />
      )}
      {dialog === 'subfolder' && (
        <CreateFolderDialog
          parent={detail}
          onClose={() => setDialog(null)}
          onCreated={(created) => {
            setDialog(null);
            navigate(archivePath(created.id));
          }}
        />
      )}
    </Stack>
  );
}
