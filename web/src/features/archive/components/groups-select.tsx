import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import OutlinedInput from '@mui/material/OutlinedInput';
import Select from '@mui/material/Select';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { workspaceQueryOptions } from '../../workspaces';

type GroupsSelectProps = {
  /** The workspace whose groups are offered; none: nothing to choose yet. */
  workspaceId: string | null;
  value: readonly string[];
  onChange: (groupIds: string[]) => void;
  /** Locked (a subfolder of a folder limited to groups takes the parent's groups). */
  isLocked?: boolean;
  /** What the field's note says instead of 'none chosen: the whole workspace'. */
  note?: string;
};

/**
 * The groups of the workspace a folder is limited to (spec 1 §6): none chosen means everyone
 * in the workspace.
 */
export function GroupsSelect({ workspaceId, value, onChange, isLocked, note }: GroupsSelectProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const noteId = useId();
  const workspace = useQuery({
    ...workspaceQueryOptions(workspaceId ?? ''),
    enabled: workspaceId !== null,
  });
  const groups = workspace.data?.groups ?? [];
  const nameOf = (id: string) => groups.find((group) => group.id === id)?.name ?? '…';
  return (
    <FormControl fullWidth disabled={isLocked || workspaceId === null}>
      <InputLabel id={labelId}>{t('archive.folderDialog.groups')}</InputLabel>
      <Select
        labelId={labelId}
        multiple
        value={[...value]}
        onChange={(event) => {
          const next = event.target.value;
          onChange(typeof next === 'string' ? next.split(',') : next);
        }}
        input={<OutlinedInput label={t('archive.folderDialog.groups')} />}
        renderValue={(chosen) => chosen.map(nameOf).join(', ')}
        aria-describedby={noteId}
      >
        {groups.map((group) => (
          <MenuItem key={group.id} value={group.id}>
            <Checkbox size="small" checked={value.includes(group.id)} tabIndex={-1} />
            <ListItemText primary={group.name} />
          </MenuItem>
        ))}
      </Select>
      <FormHelperText id={noteId} error={workspace.isError}>
        {workspace.isError
          ? t('archive.folderDialog.groupsLoadFailed')
          : (note ??
            (value.length > 0
              ? t('archive.folderDialog.groupsChosen')
              : t('archive.folderDialog.groupsHelp')))}
      </FormHelperText>
    </FormControl>
  );
}
