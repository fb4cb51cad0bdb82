import { zodResolver } from '@hookform/resolvers/zod';
import PersonRemoveOutlined from '@mui/icons-material/PersonRemoveOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { inviteMemberSchema } from '@pactum/core/billing';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { ErrorAlert } from '../../../ui/error-alert';
import { FormTextField } from '../../../ui/form-text-field';
import { formatDateTime } from '../../../ui/format';
import { SettingsCard } from '../../../ui/settings-card';
import { SubmitButton } from '../../../ui/submit-button';
import { toast } from '../../../ui/toast-store';
import { useInviteMember } from '../api/invite-member';
import { useRemoveMember } from '../api/remove-member';
import type { Workspace, WorkspaceMember } from '../types';
import { useWorkspaceText } from '../use-workspace-text';

type Props = { workspace: Workspace; myUserId: string | undefined };

/**
 * Who belongs to the workspace. Administrators see the licences and their price, open
 * invitations, invite by e-mail (not when every licence is in use) and remove members.
 */
export function MembersCard({ workspace, myUserId }: Props) {
  const { t } = useTranslation();
  const { describeError } = useWorkspaceText();
  const isAdministrator = workspace.role === 'edit';
  const remove = useRemoveMember(workspace.id);
  const [removing, setRemoving] = useState<WorkspaceMember>();
  const { licensing } = workspace;
  const confirmRemove = () => {
    const member = removing;
    setRemoving(undefined);
    if (!member) return;
    remove.mutate(member.userId, {
      onSuccess: () => toast.warning(t('workspaces.members.removed', { name: member.name })),
    });
  };
  return (
    <SettingsCard
      title={t('workspaces.members.title')}
      description={t('workspaces.members.licences', {
        used: licensing.usedSeats,
        max: licensing.maxActiveSeats,
      })}
    >
      {licensing.pricePerSeat !== undefined && (
        <Typography variant="body2">
          {t('workspaces.members.licencePrice', {
            price: licensing.pricePerSeat,
            currency: workspace.currency,
          })}
        </Typography>
      )}
      <ErrorAlert error={remove.error} describe={describeError} />
      <List dense disablePadding aria-label={t('workspaces.members.title')}>
        {workspace.members.map((member) => {
          const isMe = member.userId === myUserId;
          return (
            <ListItem
              key={member.userId}
              disableGutters
              secondaryAction={
                isAdministrator && !isMe ? (
                  <Tooltip title={t('workspaces.members.remove', { name: member.name })}>
                    <IconButton
                      edge="end"
                      aria-label={t('workspaces.members.remove', { name: member.name })}
                      onClick={() => setRemoving(member)}
                    >
                      <PersonRemoveOutlined />
                    </IconButton>
                  </Tooltip>
                ) : undefined
              }
            >
              <ListItemText
                primary={
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <span>
                      {isMe ? t('workspaces.members.you', { name: member.name }) : member.name}
                    </span>
                    <Chip
                      size="small"
                      variant="outlined"
                      label={t(`workspaces.roles.${member.role}`)}
                    />
                    {isAdministrator && workspace.requireTwoFactor && !member.hasTwoFactor && (
                      <Chip
                        size="small"
                        color="warning"
                        label={t('twoFactor.workspace.memberOff')}
                      />
                    )}
                  </Stack>
                }
                secondary={member.email}
              />
            </ListItem>
          );
        })}
      </List>
      {workspace.invites.length > 0 && (
        <Box>
          <Typography variant="subtitle2" component="h3">
            {t('workspaces.members.invites')}
          </Typography>
          <List dense disablePadding aria-label={t('workspaces.members.invites')}>
            {workspace.invites.map((invite) => (
              <ListItem key={invite.email} disableGutters>
                <ListItemText
                  primary={
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      <span>{invite.email}</span>
                      <Chip
                        size="small"
                        variant="outlined"
                        label={t(`workspaces.roles.${invite.role}`)}
                      />
                    </Stack>
                  }
                  secondary={t('workspaces.members.invitedAt', {
                    date: formatDateTime(invite.createdAt),
                  })}
                />
              </ListItem>
            ))}
          </List>
        </Box>
      )}
      {isAdministrator && (
        <InviteForm
          workspaceId={workspace.id}
          isFull={licensing.usedSeats >= licensing.maxActiveSeats}
        />
      )}
      <ConfirmDialog
        isOpen={removing !== undefined}
        title={t('workspaces.members.removeTitle', { name: removing?.name ?? '' })}
        confirmLabel={t('common.remove')}
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(undefined)}
      />
    </SettingsCard>
  );
}

const emptyInvite = { email: '', role: 'view' as const };

/** Invites by e-mail; the person joins on their next sign-in with a verified address. */
function InviteForm({ workspaceId, isFull }: { workspaceId: string; isFull: boolean }) {
  const { t } = useTranslation();
  const { describeError } = useWorkspaceText();
  const invite = useInviteMember(workspaceId);
  const form = useForm({
    resolver: zodResolver(inviteMemberSchema),
    mode: 'onChange',
    defaultValues: emptyInvite,
  });
  // Both are read on every render: formState only tracks what a render has read.
  const { isDirty, isValid } = form.formState;
  const onSubmit = form.handleSubmit((values) =>
    invite.mutate(values, {
      onSuccess: () => {
        form.reset(emptyInvite);
        toast.success(t('workspaces.members.inviteSent', { email: values.email }));
      },
    }),
  );
  return (
    <Box
      component="form"
      noValidate
      onSubmit={onSubmit}
      aria-label={t('workspaces.members.inviteTitle')}
    >
      <Stack spacing={2}>
        <Typography variant="subtitle2" component="h3">
          {t('workspaces.members.inviteTitle')}
        </Typography>
        <Grid container spacing={2}>
          <Grid size={12}>
            <FormTextField
              control={form.control}
              name="email"
              type="email"
              label={t('workspaces.members.inviteEmail')}
              disabled={isFull}
              size="small"
            />
          </Grid>
          <Grid size={{ xs: 7, sm: 6 }}>
            <FormTextField
              control={form.control}
              name="role"
              label={t('workspaces.members.inviteRole')}
              select
              disabled={isFull}
              size="small"
            >
              <MenuItem value="view">{t('workspaces.roles.view')}</MenuItem>
              <MenuItem value="edit">{t('workspaces.roles.edit')}</MenuItem>
            </FormTextField>
          </Grid>
          <Grid size={{ xs: 5, sm: 6 }} sx={{ display: 'flex', justifyContent: 'flex-end' }}>
            <SubmitButton isPending={invite.isPending} disabled={isFull || !isDirty || !isValid}>
              {t('workspaces.members.invite')}
            </SubmitButton>
          </Grid>
        </Grid>
        <Typography variant="body2" color={isFull ? 'warning.main' : 'text.secondary'}>
          {isFull ? t('workspaces.members.noLicences') : t('workspaces.members.inviteHint')}
        </Typography>
        <ErrorAlert error={invite.error} describe={describeError} />
      </Stack>
    </Box>
  );
}
