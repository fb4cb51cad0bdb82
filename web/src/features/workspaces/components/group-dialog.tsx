import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import { groupSchema } from '@pactum/core/billing';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../ui/error-alert';
import { FormTextField } from '../../../ui/form-text-field';
import { SubmitButton } from '../../../ui/submit-button';
import { toast } from '../../../ui/toast-store';
import { useCreateGroup } from '../api/create-group';
import { useUpdateGroup } from '../api/update-group';
import type { WorkspaceGroup, WorkspaceMember } from '../types';
import { useWorkspaceText } from '../use-workspace-text';

/** The spec's width of the group dialog (3 §2.5). */
const GROUP_DIALOG_WIDTH = 600;

type GroupDialogProps = {
  workspaceId: string;
  members: WorkspaceMember[];
  /** The group to edit or show; none for a new group. */
  group: WorkspaceGroup | undefined;
  /** Administrators edit; others only see the group (a Close button). */
  isReadOnly: boolean;
  onClose: () => void;
};

/**
 * A group's name, description and members. Saving needs a name and at least one member; a
 * new group is 'Group created', a changed one 'Group updated'. Mounted per opening, so each
 * opening starts from the group as it is.
 */
export function GroupDialog({
  workspaceId,
  members,
  group,
  isReadOnly,
  onClose,
}: GroupDialogProps) {
  const { t } = useTranslation();
  const { message, describeError } = useWorkspaceText();
  const titleId = useId();
  const membersLabelId = useId();
  const create = useCreateGroup(workspaceId);
  const update = useUpdateGroup(workspaceId);
  const save = group ? update : create;
  const form = useForm({
    resolver: zodResolver(groupSchema),
    mode: 'onChange',
    defaultValues: {
      name: group?.name ?? '',
      description: group?.description ?? '',
      memberIds: group?.memberIds ?? [],
    },
  });
  // Both are read on every render: formState only tracks what a render has read.
  const { isDirty, isValid } = form.formState;
  const onSubmit = form.handleSubmit((body) => {
    if (group) {
      update.mutate(
        { groupId: group.id, body },
        {
          onSuccess: () => {
            toast.info(t('workspaces.groups.updated'));
            onClose();
          },
        },
      );
    } else {
      create.mutate(body, {
        onSuccess: () => {
          toast.success(t('workspaces.groups.created'));
          onClose();
        },
      });
    }
  });
  const title = isReadOnly
    ? (group?.name ?? '')
    : group
      ? t('workspaces.groups.editTitle')
      : t('workspaces.groups.createTitle');
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      slotProps={{ paper: { sx: { maxWidth: GROUP_DIALOG_WIDTH } } }}
    >
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <FormTextField
              control={form.control}
              name="name"
              label={t('workspaces.groups.name')}
              required
              autoFocus={!isReadOnly}
              disabled={isReadOnly}
              formatError={message}
            />
            <FormTextField
              control={form.control}
              name="description"
              label={t('workspaces.groups.description')}
              multiline
              minRows={2}
              disabled={isReadOnly}
              formatError={message}
            />
            <Controller
              control={form.control}
              name="memberIds"
              render={({ field, fieldState }) => {
                const chosen = new Set(field.value);
                const toggle = (userId: string, isChosen: boolean) => {
                  const next = new Set(chosen);
                  if (isChosen) next.add(userId);
                  else next.delete(userId);
                  field.onChange(members.map((m) => m.userId).filter((id) => next.has(id)));
                };
                return (
                  <FormControl
                    error={Boolean(fieldState.error)}
                    disabled={isReadOnly}
                    component="fieldset"
                  >
                    <FormLabel id={membersLabelId} component="legend" required={!isReadOnly}>
                      {t('workspaces.groups.members')}
                    </FormLabel>
                    <FormGroup aria-labelledby={membersLabelId}>
                      {members.map((member) => (
                        <FormControlLabel
                          key={member.userId}
                          label={`${member.name} (${member.email})`}
                          control={
                            <Checkbox
                              checked={chosen.has(member.userId)}
                              onChange={(event) => toggle(member.userId, event.target.checked)}
                              onBlur={field.onBlur}
                            />
                          }
                        />
                      ))}
                    </FormGroup>
                    {fieldState.error?.message && (
                      <FormHelperText>{message(fieldState.error.message)}</FormHelperText>
                    )}
                  </FormControl>
                );
              }}
            />
            <ErrorAlert error={save.error} describe={describeError} />
          </Stack>
        </DialogContent>
        <DialogActions>
          {isReadOnly ? (
            <Button onClick={onClose}>{t('common.close')}</Button>
          ) : (
            <>
              <Button onClick={onClose}>{t('common.cancel')}</Button>
              <SubmitButton
                isPending={save.isPending}
                disabled={!isValid || (group !== undefined && !isDirty)}
              >
                {group ? t('workspaces.groups.save') : t('workspaces.groups.create')}
              </SubmitButton>
            </>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
