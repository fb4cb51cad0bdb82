import { INBOX_ID } from '@pactum/core/archive';
import { lazy, Suspense } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PageLoader } from '../../ui/page-loader';
import { archivePath } from './archive-paths';
import { FileInfoDialog } from './components/file-info-dialog';
import { useEditFileParam } from './edit-file-param';
import { FolderView } from './folder-view';
import { InboxView } from './inbox-view';
import { RootView } from './root-view';

// The viewer brings PDF.js with it: it loads only when a file is opened.
const ViewerPage = lazy(() => import('./viewer-page').then((m) => ({ default: m.ViewerPage })));

/**
 * The archive (route user-archive, spec 1 §2): the root folders with the Inbox, the Inbox, a
 * folder, or with a file id the PDF viewer. `?editFile=<id>` opens a file's document info
 * dialog over a listing.
 */
export function ArchivePage() {
  const { folderId, fileId } = useParams();
  if (folderId && fileId) {
    return (
      <Suspense fallback={<PageLoader />}>
        <ViewerPage folderId={folderId} fileId={fileId} />
      </Suspense>
    );
  }
  return (
    <>
      {!folderId ? (
        <RootView />
      ) : folderId === INBOX_ID ? (
        <InboxView />
      ) : (
        <FolderView key={folderId} folderId={folderId} />
      )}
      <ListFileInfo />
    </>
  );
}

/** The document info dialog of a file in a listing (`?editFile=<id>`). */
function ListFileInfo() {
  const navigate = useNavigate();
  const { folderId } = useParams();
  const { fileId, close } = useEditFileParam();
  if (!fileId) return null;
  return (
    <FileInfoDialog
      key={fileId}
      fileId={fileId}
      onClose={close}
      // A moved file is shown in the folder it went to; a renamed one stays in its list.
      onSaved={(file) =>
        file.parentId && file.parentId !== folderId ? navigate(archivePath(file.parentId)) : close()
      }
      onDeleted={close}
    />
  );
}
