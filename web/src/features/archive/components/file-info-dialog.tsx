import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { archiveMessages, type UpdateItem, updateItemSchema } from '@pactum/core/archive';
import { messageKey } from '@pactum/core/validation';
import { useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { ErrorAlert } from '../../../ui/error-alert';
import { showFieldErrors } from '../../../ui/field-errors';
import { FormTextField } from '../../../ui/form-text-field';
import { SubmitButton } from '../../../ui/submit-button';
import { toast } from '../../../ui/toast-store';
import { useLang } from '../../../ui/use-lang';
import { useDeleteItem } from '../api/delete-item';
import { useItem } from '../api/get-item';
import { useUpdateItem } from '../api/update-item';
import { archiveFieldText, deleteFileText } from '../archive-text';
import type { ArchiveItem, ArchiveItemDetail } from '../types';
import { FolderPicker } from './folder-picker';

const FILE_DIALOG_WIDTH = 560;

/**
 * The file's name by the rename rule of PATCH /archive/items/:itemId (required, at most 250
 * characters), and the folder it goes in: the last of the path chosen in the picker, never
 * none (a file is always kept in a folder; the picker says 'Choose a folder.').
 */
const fileInfoSchema = z.object({
  name: updateItemSchema.shape.name.unwrap(),
  folder: z.array(z.object({ id: z.string(), name: z.string() })).transform((path, context) => {
    const target = path.at(-1);
    if (target) return target;
    context.addIssue({ code: 'custom', message: messageKey('required') });
    return z.NEVER;
  }),
});

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
  const [isDeleteAsked, setIsDeleteAsked] = useState(false);
  // The name is checked once left (or at the first save), then as typed.
  const form = useForm({
    resolver: zodResolver(fileInfoSchema),
    mode: 'onTouched',
    defaultValues: { name: file.name, folder: file.path },
  });
  const folder = useWatch({ control: form.control, name: 'folder' });
  const isTouched = Boolean(form.formState.touchedFields.name) || form.formState.isSubmitted;

  const onSubmit = form.handleSubmit(({ name, folder: target }) => {
    const body: UpdateItem = {
      ...(name !== file.name ? { name } : {}),
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
      onError: (error) => showFieldErrors(error, form.setError, ['name']),
    });
  });

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
          <FormTextField
            control={form.control}
            name="name"
            required
            autoFocus
            label={t('archive.fileDialog.name')}
            helperText=" "
            formatError={(message) => archiveFieldText(message, lang)}
          />
          <Controller
            control={form.control}
            name="folder"
            render={({ field }) => <FolderPicker value={field.value} onChange={field.onChange} />}
          />
          <ErrorAlert error={update.error ?? remove.error} />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'space-between' }}>
        <Button color="error" onClick={() => setIsDeleteAsked(true)} loading={remove.isPending}>
          {t('archive.fileDialog.delete')}
        </Button>
        <Stack direction="row" spacing={1}>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <SubmitButton isPending={update.isPending} disabled={isTouched && folder.length === 0}>
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
