import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ARCHIVE_NAME_MAX, archiveMessages, type UpdateItem } from '@pactum/core/archive';
import { messageKey, translateMessage } from '@pactum/core/validation';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { ErrorAlert } from '../../../ui/error-alert';
import { SubmitButton } from '../../../ui/submit-button';
import { toast } from '../../../ui/toast-store';
import { useLang } from '../../../ui/use-lang';
import { useDeleteItem } from '../api/delete-item';
import { useItem } from '../api/get-item';
import { useUpdateItem } from '../api/update-item';
import { deleteFileText } from '../archive-text';
import type { ArchiveItem, ArchiveItemDetail } from '../types';
import { type FolderCrumb, FolderPicker } from './folder-picker';

const FILE_DIALOG_WIDTH = 560;

type FileInfoDialogProps = {
  fileId: string;
  onClose: () => void;
  /** After a save: the file as it is now (its folder may have changed). */
  onSaved: (file: ArchiveItem) => void;
  onDeleted: (file: ArchiveItemDetail) => void;
};

/**
 * The document info dialog (spec 1 §2 `editFile`, §5 'File edit'): the file's name and the
 * folder it is in, chosen by browsing the folders; both are required. Nothing changed says
 * 'Nothing to update...'. Delete asks 'Are you sure you would like to delete file %s?'.
 */
export function FileInfoDialog({ fileId, onClose, onSaved, onDeleted }: FileInfoDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const item = useItem(fileId);
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      slotProps={{ paper: { sx: { maxWidth: FILE_DIALOG_WIDTH } } }}
    >
      <DialogTitle id={titleId}>{t('archive.fileDialog.title')}</DialogTitle>
      {item.isSuccess ? (
        <FileInfoForm file={item.data} onClose={onClose} onSaved={onSaved} onDeleted={onDeleted} />
      ) : (
        <>
          <DialogContent>
            {item.isError ? (
              <ErrorAlert error={item.error} />
            ) : (
              <Skeleton variant="rounded" height={160} />
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('common.close')}</Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}

type FileInfoFormProps = Omit<FileInfoDialogProps, 'fileId'> & { file: ArchiveItemDetail };

function FileInfoForm({ file, onClose, onSaved, onDeleted }: FileInfoFormProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const update = useUpdateItem(file.id);
  const remove = useDeleteItem();
  const [name, setName] = useState(file.name);
  const [folder, setFolder] = useState<FolderCrumb[]>(file.path);
  const [isTouched, setIsTouched] = useState(false);
  const [isDeleteAsked, setIsDeleteAsked] = useState(false);
  const trimmed = name.trim();
  const nameError =
    trimmed === ''
      ? messageKey('required')
      : trimmed.length > ARCHIVE_NAME_MAX
        ? messageKey('maxLength', { n: ARCHIVE_NAME_MAX })
        : undefined;
  const target = folder.at(-1);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setIsTouched(true);
    if (nameError || !target) return;
    const body: UpdateItem = {
      ...(trimmed !== file.name ? { name: trimmed } : {}),
      ...(target.id !== file.parentId ? { parentId: target.id } : {}),
    };
    if (body.name === undefined && body.parentId === undefined) {
      // Closed first: an open dialog holds the toasts under it, and this one is to be seen at once.
      onClose();
      toast.info(archiveMessages[lang].nothingToUpdate);
      return;
    }
    update.mutate(body, {
      onSuccess: (saved) => {
        toast.success(t('archive.fileDialog.saved'));
        onSaved(saved);
      },
    });
  };

  const onDelete = () => {
    setIsDeleteAsked(false);
    remove.mutate(file.id, {
      onSuccess: () => {
        toast.success(t('archive.fileDialog.deleted'));
        onDeleted(file);
      },
    });
  };

  return (
    <form noValidate onSubmit={onSubmit}>
      <DialogContent sx={{ pt: 0 }}>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            fullWidth
            required
            autoFocus
            label={t('archive.fileDialog.name')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            onBlur={() => setIsTouched(true)}
            error={isTouched && nameError !== undefined}
            helperText={isTouched && nameError ? translateMessage(nameError, lang) : ' '}
          />
          <FolderPicker value={folder} onChange={setFolder} />
          <ErrorAlert error={update.error ?? remove.error} />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'space-between' }}>
        <Button color="error" onClick={() => setIsDeleteAsked(true)} loading={remove.isPending}>
          {t('archive.fileDialog.delete')}
        </Button>
        <Stack direction="row" spacing={1}>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <SubmitButton isPending={update.isPending} disabled={isTouched && !target}>
            {t('archive.fileDialog.save')}
          </SubmitButton>
        </Stack>
      </DialogActions>
      <ConfirmDialog
        isOpen={isDeleteAsked}
        title={t('archive.fileDialog.delete')}
        text={deleteFileText(file.name, lang)}
        confirmLabel={t('archive.delete')}
        onCancel={() => setIsDeleteAsked(false)}
        onConfirm={onDelete}
      />
    </form>
  );
}
