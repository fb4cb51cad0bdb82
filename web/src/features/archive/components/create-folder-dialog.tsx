import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { createFolderSchema } from '@pactum/core/archive';
import { messageKey } from '@pactum/core/validation';
import { useId, useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ErrorAlert } from '../../../ui/error-alert';
import { FormTextField } from '../../../ui/form-text-field';
import { SubmitButton } from '../../../ui/submit-button';
import { toast } from '../../../ui/toast-store';
import { useLang } from '../../../ui/use-lang';
import { useWorkspaces } from '../../workspaces';
import { useCreateFolder } from '../api/create-folder';
import { archiveFieldText } from '../archive-text';
import type { ArchiveItem, ArchiveItemDetail } from '../types';
import { GroupsSelect } from './groups-select';

const FOLDER_DIALOG_WIDTH = 520;

type CreateFolderDialogProps = {
  /** The folder the new one goes in; none for a root folder. */
  parent: ArchiveItemDetail | null;
  onClose: () => void;
  onCreated: (folder: ArchiveItem) => void;
};

/**
 * A new folder (spec 1 §5): a name by the slug rule and, at the root, a workspace the user
 * administers and groups of it (none: the whole workspace). A subfolder takes its parent's
 * workspace (shown locked) and, when the parent is limited to groups, its groups too. Mounted
 * per opening.
 */
export function CreateFolderDialog({ parent, onClose, onCreated }: CreateFolderDialogProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const titleId = useId();
  const create = useCreateFolder();
  const workspaces = useWorkspaces();
  // Root folders are made by a workspace's administrators only (issue 35).
  const choices = (workspaces.data ?? []).filter(
    (w) => !w.isDemo && !w.isRejected && w.role === 'edit',
  );
  const isRoot = parent === null;
  const isGroupsInherited = parent?.scope === 'groups';
  const schema = useMemo(
    () =>
      z.object({
        name: createFolderSchema.shape.name,
        workspaceId: isRoot ? z.uuid(messageKey('required')) : z.string(),
        groupIds: z.array(z.string()),
      }),
    [isRoot],
  );
  const form = useForm({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    values: {
      name: '',
      workspaceId: parent?.workspaceId ?? (choices.length === 1 ? (choices[0]?.id ?? '') : ''),
      groupIds: isGroupsInherited ? [...(parent?.groupIds ?? [])] : [],
    },
    resetOptions: { keepDirtyValues: true },
  });
  const workspaceId = form.watch('workspaceId');

  const onSubmit = form.handleSubmit((values) => {
    const body = isRoot
      ? { name: values.name, workspaceId: values.workspaceId, groupIds: values.groupIds }
      : {
          name: values.name,
          parentId: parent.id,
          ...(isGroupsInherited ? {} : { groupIds: values.groupIds }),
        };
    create.mutate(body, {
      onSuccess: (folder) => {
        toast.success(t('archive.folderDialog.created'));
        onCreated(folder);
      },
    });
  });

  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      slotProps={{ paper: { sx: { maxWidth: FOLDER_DIALOG_WIDTH } } }}
    >
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>
          {isRoot
            ? t('archive.folderDialog.createTitle')
            : t('archive.folderDialog.subfolderTitle')}
        </DialogTitle>
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
            {isRoot ? (
              <Controller
                control={form.control}
                name="workspaceId"
                render={({ field, fieldState }) => (
                  <TextField
                    select
                    fullWidth
                    required
                    label={t('archive.folderDialog.workspace')}
                    value={field.value}
                    onChange={(event) => {
                      field.onChange(event.target.value);
                      form.setValue('groupIds', []);
                    }}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                    error={Boolean(fieldState.error)}
                    helperText={
                      fieldState.error?.message
                        ? archiveFieldText(fieldState.error.message, lang)
                        : workspaces.isSuccess && choices.length === 0
                          ? t('archive.folderDialog.noWorkspaces')
                          : ' '
                    }
                  >
                    {choices.map((workspace) => (
                      <MenuItem key={workspace.id} value={workspace.id}>
                        {workspace.title}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            ) : (
              <TextField
                fullWidth
                disabled
                label={t('archive.folderDialog.workspace')}
                value={parent.workspaceTitle ?? ''}
              />
            )}
            <Controller
              control={form.control}
              name="groupIds"
              render={({ field }) => (
                <GroupsSelect
                  workspaceId={workspaceId === '' ? null : workspaceId}
                  value={field.value}
                  onChange={field.onChange}
                  isLocked={isGroupsInherited}
                  note={isGroupsInherited ? t('archive.folderDialog.groupsInherited') : undefined}
                />
              )}
            />
            <ErrorAlert error={create.error} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <SubmitButton isPending={create.isPending}>
            {t('archive.folderDialog.create')}
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
