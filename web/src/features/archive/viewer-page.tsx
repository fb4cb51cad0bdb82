import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { INBOX_ID } from '@pactum/core/archive';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../app/http';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { ErrorAlert } from '../../ui/error-alert';
import { toast } from '../../ui/toast-store';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useLang } from '../../ui/use-lang';
import { TagsMenu, type TagsSource, useTagWorkspaces } from '../document-tags';
import { useAlertDrawerParam } from './alert-drawer-param';
import { archiveApi, archiveKeys } from './api/archive-keys';
import { useDeleteItem } from './api/delete-item';
import { useItem } from './api/get-item';
import { pdfUrl } from './api/get-pdf';
import { archiveFilePath, archivePath } from './archive-paths';
import { deleteFileText } from './archive-text';
import { AlertDrawer } from './components/alert-drawer';
import { ArchiveBreadcrumbs } from './components/archive-breadcrumbs';
import { FileInfoDialog } from './components/file-info-dialog';
import { PdfPages } from './components/pdf-pages';
import { useEditFileParam, withoutEditFile } from './edit-file-param';
import type { ArchiveItemDetail } from './types';
import { useAlertCountChecks } from './use-alert-count-checks';

type ViewerPageProps = { folderId: string; fileId: string };

/**
 * The PDF viewer of an archived file (spec 1 §2): the pages fitted to the window's height, and
 * a toolbar with the tag menu, the document info dialog (`?editFile`), the file's alert count
 * that opens the alert drawer (`?showAlertDrawer`), download and delete.
 */
export function ViewerPage({ folderId, fileId }: ViewerPageProps) {
  const { t } = useTranslation();
  const item = useItem(fileId);
  const { search } = useLocation();
  useDocumentTitle(item.data?.name ?? t('archive.title'));

  if (item.isError) {
    const isGone = item.error instanceof ApiError && item.error.status === 404;
    return (
      <Stack spacing={2} sx={{ maxWidth: 720, alignItems: 'flex-start' }}>
        {isGone ? (
          <Alert severity="warning">{t('archive.notFound')}</Alert>
        ) : (
          <ErrorAlert error={item.error} fallback={t('archive.loadFailed')} />
        )}
        <Button component={RouterLink} to={archivePath(folderId)}>
          {t('archive.backToArchive')}
        </Button>
      </Stack>
    );
  }
  if (!item.data) return <Skeleton variant="rounded" height={480} />;
  const file = item.data;
  // The address names the file's folder: one moved elsewhere (in another tab, or by its document
  // info dialog here), or linked from a place that knows only the file (a notification, a
  // dashboard alert), opens there, with what the address asked for (the alert drawer) but not
  // the document info dialog: that was about the file's old place, and a dialog that has just
  // saved the move must not open again at the new one.
  if (file.type !== 'file') return <Navigate to={archivePath(file.id)} replace />;
  if ((file.parentId ?? INBOX_ID) !== folderId) {
    return (
      <Navigate to={{ pathname: archiveFilePath(file), search: withoutEditFile(search) }} replace />
    );
  }
  return <Viewer file={file} />;
}

function Viewer({ file }: { file: ArchiveItemDetail }) {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const editFile = useEditFileParam();
  const alertDrawer = useAlertDrawerParam();
  useAlertCountChecks(file.id);
  const remove = useDeleteItem();
  const [isDeleteAsked, setIsDeleteAsked] = useState(false);
  const folderPath = archivePath(file.parentId ?? INBOX_ID);
  const tagWorkspaces = useTagWorkspaces();
  const createIn = file.workspaceId
    ? tagWorkspaces.filter((workspace) => workspace.id === file.workspaceId)
    : tagWorkspaces;
  const tagsSource = useMemo<TagsSource>(
    () => ({
      path: archiveApi(`/items/${encodeURIComponent(file.id)}`),
      queryKey: archiveKeys.tags(file.id),
      changedKey: archiveKeys.all,
    }),
    [file.id],
  );
  const inboxCrumb = { id: INBOX_ID, name: t('archive.inbox') };

  const onDelete = () => {
    setIsDeleteAsked(false);
    remove.mutate(file.id, {
      onSuccess: () => {
        toast.success(t('archive.fileDialog.deleted'));
        navigate(folderPath, { replace: true });
      },
    });
  };

  return (
    <Stack spacing={2}>
      <ArchiveBreadcrumbs
        path={file.parentId === null ? [inboxCrumb] : file.path}
        current={file.name}
      />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography
          variant="h5"
          component="h1"
          sx={{ fontWeight: 600, flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}
        >
          {file.name}
        </Typography>
        <TagsMenu source={tagsSource} createIn={createIn} />
        <Tooltip title={t('archive.viewer.edit')}>
          <IconButton aria-label={t('archive.viewer.edit')} onClick={() => editFile.open(file.id)}>
            <EditOutlined />
          </IconButton>
        </Tooltip>
        <Tooltip title={t('archive.viewer.alerts')}>
          <IconButton
            aria-label={t('archive.viewer.alertsCount', { count: file.alertCount })}
            aria-haspopup="dialog"
            aria-expanded={alertDrawer.isOpen}
            onClick={alertDrawer.toggle}
          >
            <Badge badgeContent={file.alertCount} color="primary" showZero>
              <NotificationsActiveOutlined />
            </Badge>
          </IconButton>
        </Tooltip>
        <Tooltip title={t('archive.viewer.download')}>
          <IconButton
            component="a"
            href={pdfUrl(file.id, true)}
            download
            aria-label={t('archive.viewer.download')}
          >
            <FileDownloadOutlined />
          </IconButton>
        </Tooltip>
        <Tooltip title={t('archive.viewer.delete')}>
          <IconButton
            aria-label={t('archive.viewer.delete')}
            onClick={() => setIsDeleteAsked(true)}
            disabled={remove.isPending}
          >
            <DeleteOutline />
          </IconButton>
        </Tooltip>
      </Stack>
      <ErrorAlert error={remove.error} />
      <PdfPages itemId={file.id} name={file.name} />
      {editFile.value !== null && (
        <FileInfoDialog
          fileId={file.id}
          onClose={editFile.close}
          // The address follows the file into its new folder.
          onSaved={(saved) => navigate(archiveFilePath(saved), { replace: true })}
          onDeleted={() => navigate(folderPath, { replace: true })}
        />
      )}
      <AlertDrawer file={file} isOpen={alertDrawer.isOpen} onClose={alertDrawer.close} />
      <ConfirmDialog
        isOpen={isDeleteAsked}
        title={t('archive.viewer.delete')}
        text={deleteFileText(file.name, lang)}
        confirmLabel={t('archive.delete')}
        onCancel={() => setIsDeleteAsked(false)}
        onConfirm={onDelete}
      />
    </Stack>
  );
}
