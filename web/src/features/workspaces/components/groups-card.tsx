import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { ErrorAlert } from '../../../ui/error-alert';
import { SettingsCard } from '../../../ui/settings-card';
import { toast } from '../../../ui/toast-store';
import { useDeleteGroup } from '../api/delete-group';
import type { Workspace, WorkspaceGroup } from '../types';
import { useWorkspaceText } from '../use-workspace-text';
import { GroupDialog } from './group-dialog';

/** A group's name, size, description and members' names. */
function GroupText({ group, nameOf }: { group: WorkspaceGroup; nameOf: Map<string, string> }) {
  const { t } = useTranslation();
  const memberNames = group.memberIds
    .map((id) => nameOf.get(id))
    .filter(Boolean)
    .join(', ');
  return (
    <ListItemText
      primary={
        <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline' }}>
          <Typography component="span" sx={{ fontWeight: 500 }}>
            {group.name}
          </Typography>
          <Typography component="span" variant="body2" color="text.secondary">
            {t('workspaces.groups.memberCount', { count: group.memberIds.length })}
          </Typography>
        </Stack>
      }
      secondary={[group.description, memberNames].filter(Boolean).join(' · ')}
    />
  );
}

/** Which group's dialog is open: a new one, or an existing one by id. */
type OpenDialog = { group: WorkspaceGroup | undefined } | undefined;

/**
 * The workspace's groups of members. Administrators create, edit and remove them; others
 * open a group to see it (read-only, with Close).
 */
export function GroupsCard({ workspace }: { workspace: Workspace }) {
  const { t } = useTranslation();
  const { describeError } = useWorkspaceText();
  const isAdministrator = workspace.role === 'edit';
  const remove = useDeleteGroup(workspace.id);
  const [dialog, setDialog] = useState<OpenDialog>();
  const [removing, setRemoving] = useState<WorkspaceGroup>();
  const nameOf = new Map(workspace.members.map((member) => [member.userId, member.name]));
  const confirmRemove = () => {
    const group = removing;
    setRemoving(undefined);
    if (group) {
      remove.mutate(group.id, { onSuccess: () => toast.warning(t('workspaces.groups.removed')) });
    }
  };
  return (
    <SettingsCard
      title={t('workspaces.groups.title')}
      description={isAdministrator ? undefined : t('workspaces.groups.readOnly')}
      actions={
        isAdministrator ? (
          <Button
            variant="outlined"
            startIcon={<Add />}
            onClick={() => setDialog({ group: undefined })}
          >
            {t('workspaces.groups.create')}
          </Button>
        ) : undefined
      }
    >
      <ErrorAlert error={remove.error} describe={describeError} />
      {workspace.groups.length === 0 ? (
        <Typography color="text.secondary">{t('workspaces.groups.empty')}</Typography>
      ) : (
        <List dense disablePadding aria-label={t('workspaces.groups.title')}>
          {workspace.groups.map((group) => {
            return isAdministrator ? (
              <ListItem
                key={group.id}
                disableGutters
                secondaryAction={
                  <Stack direction="row">
                    <Tooltip title={t('workspaces.groups.edit', { name: group.name })}>
                      <IconButton
                        aria-label={t('workspaces.groups.edit', { name: group.name })}
                        onClick={() => setDialog({ group })}
                      >
                        <EditOutlined />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title={t('workspaces.groups.remove', { name: group.name })}>
                      <IconButton
                        edge="end"
                        aria-label={t('workspaces.groups.remove', { name: group.name })}
                        onClick={() => setRemoving(group)}
                      >
                        <DeleteOutline />
                      </IconButton>
                    </Tooltip>
                  </Stack>
                }
                sx={{ pr: 10 }}
              >
                <GroupText group={group} nameOf={nameOf} />
              </ListItem>
            ) : (
              <ListItem key={group.id} disablePadding>
                <ListItemButton
                  aria-label={t('workspaces.groups.open', { name: group.name })}
                  onClick={() => setDialog({ group })}
                >
                  <GroupText group={group} nameOf={nameOf} />
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
      )}
      {dialog && (
        <GroupDialog
          workspaceId={workspace.id}
          members={workspace.members}
          group={dialog.group}
          isReadOnly={!isAdministrator}
          onClose={() => setDialog(undefined)}
        />
      )}
      <ConfirmDialog
        isOpen={removing !== undefined}
        title={t('workspaces.groups.removeTitle', { name: removing?.name ?? '' })}
        confirmLabel={t('common.remove')}
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(undefined)}
      />
    </SettingsCard>
  );
}
