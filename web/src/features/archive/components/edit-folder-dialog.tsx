import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { archiveMessages, createFolderSchema, type UpdateFolder } from '@pactum/core/archive';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { ErrorAlert } from '../../../ui/error-alert';
import { FormTextField } from '../../../ui/form-text-field';
import { SubmitButton } from '../../../ui/submit-button';
import { toast } from '../../../ui/toast-store';
import { useLang } from '../../../ui/use-lang';
import { useDeleteItem } from '../api/delete-item';
import { useUpdateFolder } from '../api/update-folder';
import { archiveFieldText, deleteFolderText, isSameIds } from '../archive-text';
import type { ArchiveItemDetail } from '../types';
import { GroupsSelect } from './groups-select';

const FOLDER_DIALOG_WIDTH = 520;

const schema = z.object({ name: createFolderSchema.shape.name, groupIds: z.array(z.string()) });

type EditFolderDialogProps = {
  folder: ArchiveItemDetail;
  onClose: () => void;
  /** After the folder is deleted (the page goes to its parent). */
  onDeleted: () => void;
};

/**
 * A folder's name and groups (spec 1 §5): saving with nothing changed says 'Nothing to
 * update...'; a change of groups first asks, with how many items it reaches, and then runs
 * through them (the folder page shows its progress). Delete asks 'Are you sure you would like
 * to delete folder %s?' with how many items go with it.
 */
export function EditFolderDialog({ folder, onClose, onDeleted }: EditFolderDialogProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const titleId = useId();
  const update = useUpdateFolder(folder.id);
  const remove = useDeleteItem();
  const [pending, setPending] = useState<UpdateFolder | null>(null);
  const [isDeleteAsked, setIsDeleteAsked] = useState(false);
  const form = useForm({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: { name: folder.name, groupIds: folder.groupIds },
  });

  const save = (body: UpdateFolder) =>
    update.mutate(body, {
      onSuccess: () => {
        toast.success(t('archive.folderDialog.saved'));
        onClose();
      },
    });

  const onSubmit = form.handleSubmit((values) => {
    const isRenamed = values.name !== folder.name;
    const isRegrouped = !folder.groupsInherited && !isSameIds(values.groupIds, folder.groupIds);
    if (!isRenamed && !isRegrouped) {
      // Closed first: an open dialog holds the toasts under it, and this one is to be seen at once.
      onClose();
      toast.info(archiveMessages[lang].nothingToUpdate);
      return;
    }
    const body: UpdateFolder = {
      ...(isRenamed ? { name: values.name } : {}),
      ...(isRegrouped ? { groupIds: values.groupIds } : {}),
    };
    if (isRegrouped) setPending(body);
    else save(body);
  });

  const onDelete = () => {
    setIsDeleteAsked(false);
    remove.mutate(folder.id, {
      onSuccess: () => {
        toast.success(t('archive.folderDialog.deleted'));
        onDeleted();
      },
    });
  };

  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      slotProps={{ paper: { sx: { maxWidth: FOLDER_DIALOG_WIDTH } } }}
    >
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{t('archive.folderDialog.editTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <FormTextField
              control={form.control}
              name="name"
              label={t('archive.folderDialog.name')}
              required
              autoFocus
              helperText={t('archive.folderDialog.nameHelp')}
              formatError={(message) => archiveFieldText(message, lang)}
            />
            <TextField
              fullWidth
              disabled
              label={t('archive.folderDialog.workspace')}
              value={folder.workspaceTitle ?? ''}
            />
            <Controller
              control={form.control}
              name="groupIds"
              render={({ field }) => (
                <GroupsSelect
                  workspaceId={folder.workspaceId}
                  value={field.value}
                  onChange={field.onChange}
                  isLocked={folder.groupsInherited}
                  note={
                    folder.groupsInherited ? t('archive.folderDialog.groupsInherited') : undefined
                  }
                />
              )}
            />
            <ErrorAlert error={update.error ?? remove.error} />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ justifyContent: 'space-between' }}>
          <Button color="error" onClick={() => setIsDeleteAsked(true)} loading={remove.isPending}>
            {t('archive.folderDialog.delete')}
          </Button>
          <Stack direction="row" spacing={1}>
            <Button onClick={onClose}>{t('common.cancel')}</Button>
            <SubmitButton isPending={update.isPending}>
              {t('archive.folderDialog.save')}
            </SubmitButton>
          </Stack>
        </DialogActions>
      </form>
      <ConfirmDialog
        isOpen={pending !== null}
        title={t('archive.folderDialog.confirmGroupsTitle')}
        text={t('archive.folderDialog.confirmGroups', { count: folder.descendantCount })}
        confirmLabel={t('archive.folderDialog.confirmGroupsButton')}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          if (pending) save(pending);
          setPending(null);
        }}
      />
      <ConfirmDialog
        isOpen={isDeleteAsked}
        title={t('archive.folderDialog.delete')}
        text={[
          deleteFolderText(folder.name, lang),
          ...(folder.descendantCount > 0
            ? [t('archive.folderDialog.deleteWith', { count: folder.descendantCount })]
            : []),
        ].join(' ')}
        confirmLabel={t('archive.delete')}
        onCancel={() => setIsDeleteAsked(false)}
        onConfirm={onDelete}
      />
    </Dialog>
  );
}
