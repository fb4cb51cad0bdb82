import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import Close from '@mui/icons-material/Close';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import PersonOutline from '@mui/icons-material/PersonOutline';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import FormControl from '@mui/material/FormControl';
import IconButton from '@mui/material/IconButton';
import InputLabel from '@mui/material/InputLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { AccessRole } from '@pactum/core/documents';
import type { TFunction } from 'i18next';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/error-text';
import { ErrorAlert } from '../../ui/error-alert';
import { useLang } from '../../ui/use-lang';
import { useAddAccess } from './api/add-access';
import { useSharingSuggestions } from './api/get-suggestions';
import { useAccessList } from './api/list-access';
import { useRemoveAccess } from './api/remove-access';
import { useUpdateAccess } from './api/update-access';
import { cleanEmails } from './clean-emails';
import type { AccessEntry, SharedDocument } from './types';

/** Spec 2 §9: the share dialog is at most 600 px wide. */
export const SHARING_DIALOG_WIDTH = 600;
/** Spec 2 §9: the share dialog's spinner is cut off after 1 s. */
const SPINNER_MAX_MS = 1_000;
/** Keys that commit a typed e-mail address as a chip. */
const COMMIT_KEYS = new Set([' ', ',', ';']);

type SharingDialogProps = SharedDocument & {
  isOpen: boolean;
  onClose: () => void;
  /** Group invites are hidden for global templates (spec 2 §6). */
  canInviteGroups?: boolean;
};

/**
 * Who the document is shared with (spec 2 §6): people by e-mail, whole groups or whole
 * workspaces, each with the role edit or view. Only editors (`canManage`) invite, change roles
 * or remove; the last member cannot be removed. Works for any collection (templates, drafts,
 * deals): the list lives under the document's query key, so its realtime topic refreshes it.
 */
export function SharingDialog({
  collection,
  documentId,
  isOpen,
  onClose,
  canInviteGroups = true,
}: SharingDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const access = useAccessList(collection, documentId);
  const isSpinnerShown = useCutOff(access.isFetching && isOpen, SPINNER_MAX_MS);
  const canManage = access.data?.canManage ?? false;
  return (
    <Dialog
      open={isOpen}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      slotProps={{ paper: { sx: { maxWidth: SHARING_DIALOG_WIDTH } } }}
    >
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 7 }}>
        {t('sharing.title')}
        {isSpinnerShown && <CircularProgress size={18} aria-label={t('sharing.loading')} />}
      </DialogTitle>
      {/* At the top: toasts at the bottom right never cover it. */}
      <IconButton
        aria-label={t('common.close')}
        onClick={onClose}
        sx={{ position: 'absolute', right: 12, top: 12 }}
      >
        <Close />
      </IconButton>
      <DialogContent>
        <Stack spacing={2}>
          {access.isError && <ErrorAlert error={access.error} />}
          {canManage && (
            <InviteForm
              collection={collection}
              documentId={documentId}
              canInviteGroups={canInviteGroups}
            />
          )}
          {access.data && (
            <MemberList
              collection={collection}
              documentId={documentId}
              entries={access.data.entries}
              canManage={canManage}
            />
          )}
        </Stack>
      </DialogContent>
    </Dialog>
  );
}

/** True while `isOn`, but at most `maxMs` in a row. */
function useCutOff(isOn: boolean, maxMs: number): boolean {
  const [isCut, setIsCut] = useState(false);
  useEffect(() => {
    if (!isOn) {
      setIsCut(false);
      return undefined;
    }
    const timer = setTimeout(() => setIsCut(true), maxMs);
    return () => clearTimeout(timer);
  }, [isOn, maxMs]);
  return isOn && !isCut;
}

type Option = { id: string; label: string };

function InviteForm({
  collection,
  documentId,
  canInviteGroups,
}: SharedDocument & { canInviteGroups: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  const suggestions = useSharingSuggestions(true);
  const add = useAddAccess(collection, documentId);
  const [emails, setEmails] = useState<string[]>([]);
  const [typed, setTyped] = useState('');
  const [workspaces, setWorkspaces] = useState<Option[]>([]);
  const [groups, setGroups] = useState<Option[]>([]);
  const [role, setRole] = useState<AccessRole>('edit');
  const [emailError, setEmailError] = useState<string>();
  /** Said in the dialog (a toast would sit behind the modal dialog). */
  const [done, setDone] = useState<string>();
  const roleLabelId = useId();

  const people = suggestions.data?.people ?? [];
  const workspaceOptions: Option[] = (suggestions.data?.workspaces ?? []).map((w) => ({
    id: w.id,
    label: w.title,
  }));
  const groupOptions: Option[] = (suggestions.data?.groups ?? []).map((g) => ({
    id: g.id,
    label: `${g.name} (${g.workspaceTitle})`,
  }));

  const commitTyped = (values: string[]) => {
    const { valid, invalid } = cleanEmails(values);
    setEmails(valid);
    setEmailError(
      invalid.length > 0 ? t('sharing.invalidEmail', { email: invalid[0] }) : undefined,
    );
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const { valid, invalid } = cleanEmails([...emails, typed]);
    if (invalid.length > 0) {
      setEmailError(t('sharing.invalidEmail', { email: invalid[0] }));
      return;
    }
    if (valid.length === 0 && workspaces.length === 0 && groups.length === 0) {
      setEmailError(t('sharing.nobody'));
      return;
    }
    add.mutate(
      {
        ...(valid.length > 0 ? { emails: valid } : {}),
        ...(workspaces.length > 0 ? { workspaceIds: workspaces.map((w) => w.id) } : {}),
        ...(groups.length > 0 ? { groupIds: groups.map((g) => g.id) } : {}),
        role,
      },
      {
        onSuccess: () => {
          setDone(t('sharing.shared'));
          setEmails([]);
          setTyped('');
          setWorkspaces([]);
          setGroups([]);
          setEmailError(undefined);
        },
        onError: (error) => {
          setDone(undefined);
          setEmailError(errorText(error, lang));
        },
      },
    );
  };

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2} sx={{ pt: 1 }}>
      <Autocomplete
        multiple
        freeSolo
        options={people.map((person) => person.email)}
        getOptionLabel={(email) => {
          const person = people.find((p) => p.email === email);
          return person?.name ? `${person.name} <${email}>` : email;
        }}
        value={emails}
        inputValue={typed}
        onInputChange={(_event, value, reason) => {
          // Space, comma and semicolon commit the address typed so far.
          if (reason === 'input' && value.length > 1 && COMMIT_KEYS.has(value.slice(-1))) {
            commitTyped([...emails, value]);
            setTyped('');
            return;
          }
          setTyped(value);
          setDone(undefined);
        }}
        onChange={(_event, value) => commitTyped(value)}
        renderValue={(values, getItemProps) =>
          values.map((email, index) => {
            const { key, ...itemProps } = getItemProps({ index });
            return <Chip key={key} size="small" label={email} {...itemProps} />;
          })
        }
        renderInput={(params) => (
          <TextField
            {...params}
            label={t('sharing.emails')}
            placeholder={emails.length === 0 ? t('sharing.emailsPlaceholder') : undefined}
            error={Boolean(emailError)}
            helperText={emailError ?? t('sharing.emailsHelp')}
          />
        )}
      />
      <Autocomplete
        multiple
        options={workspaceOptions}
        value={workspaces}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        onChange={(_event, value) => setWorkspaces(value)}
        noOptionsText={t('sharing.noWorkspaces')}
        renderInput={(params) => <TextField {...params} label={t('sharing.workspaces')} />}
      />
      {canInviteGroups && (
        <Autocomplete
          multiple
          options={groupOptions}
          value={groups}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          onChange={(_event, value) => setGroups(value)}
          noOptionsText={t('sharing.noGroups')}
          renderInput={(params) => <TextField {...params} label={t('sharing.groups')} />}
        />
      )}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <FormControl size="small" sx={{ minWidth: 160 }}>
          <InputLabel id={roleLabelId}>{t('sharing.role')}</InputLabel>
          <Select
            labelId={roleLabelId}
            label={t('sharing.role')}
            value={role}
            onChange={(event) => setRole(event.target.value as AccessRole)}
          >
            <MenuItem value="edit">{t('sharing.roles.edit')}</MenuItem>
            <MenuItem value="view">{t('sharing.roles.view')}</MenuItem>
          </Select>
        </FormControl>
        <Typography
          role="status"
          variant="body2"
          color="success.main"
          sx={{ flexGrow: 1, textAlign: 'right' }}
        >
          {done}
        </Typography>
        <Button type="submit" variant="contained" loading={add.isPending}>
          {t('sharing.share')}
        </Button>
      </Stack>
    </Stack>
  );
}

function entryName(entry: AccessEntry, t: TFunction): string {
  if (entry.groupId) return entry.groupName ?? t('sharing.group');
  if (entry.workspaceId && !entry.userId && !entry.email) {
    return entry.workspaceTitle ?? t('sharing.workspace');
  }
  return entry.name || entry.email || '';
}

function entryDetail(entry: AccessEntry, t: TFunction): string {
  if (entry.groupId) {
    return [t('sharing.group'), entry.workspaceTitle].filter(Boolean).join(' · ');
  }
  if (entry.workspaceId && !entry.userId && !entry.email) return t('sharing.workspace');
  return entry.name && entry.email ? entry.email : entry.userId ? '' : t('sharing.invited');
}

function MemberList({
  collection,
  documentId,
  entries,
  canManage,
}: SharedDocument & { entries: AccessEntry[]; canManage: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  const update = useUpdateAccess(collection, documentId);
  const remove = useRemoveAccess(collection, documentId);
  const isLast = entries.length <= 1;
  /** Shown in the dialog: a toast would sit behind the modal dialog. */
  const [failure, setFailure] = useState<unknown>();
  return (
    <Box>
      <Divider />
      <ErrorAlert
        error={failure}
        describe={(error) => errorText(error, lang)}
        onClose={() => setFailure(undefined)}
        sx={{ mt: 2 }}
      />
      <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
        {t('sharing.members', { count: entries.length })}
      </Typography>
      <List aria-label={t('sharing.memberList')}>
        {entries.map((entry) => {
          const name = entryName(entry, t);
          return (
            <ListItem
              key={entry.id}
              disableGutters
              secondaryAction={
                canManage && (
                  <Tooltip title={isLast ? t('sharing.lastMember') : ''}>
                    <span>
                      <IconButton
                        edge="end"
                        aria-label={t('sharing.remove', { name })}
                        disabled={isLast || (remove.isPending && remove.variables === entry.id)}
                        onClick={() =>
                          remove.mutate(entry.id, {
                            onError: setFailure,
                          })
                        }
                      >
                        <DeleteOutline />
                      </IconButton>
                    </span>
                  </Tooltip>
                )
              }
              sx={{ pr: canManage ? 7 : 0 }}
            >
              <ListItemIcon sx={{ minWidth: 40 }}>
                {entry.groupId ? (
                  <GroupsOutlined />
                ) : entry.workspaceId && !entry.userId && !entry.email ? (
                  <BusinessOutlined />
                ) : (
                  <PersonOutline />
                )}
              </ListItemIcon>
              <ListItemText
                primary={name}
                secondary={entryDetail(entry, t) || undefined}
                slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
              />
              {canManage ? (
                <Select
                  size="small"
                  value={entry.role}
                  inputProps={{ 'aria-label': t('sharing.roleOf', { name }) }}
                  onChange={(event) =>
                    update.mutate(
                      { accessId: entry.id, role: event.target.value as AccessRole },
                      { onError: setFailure },
                    )
                  }
                  sx={{ ml: 1, minWidth: 120 }}
                >
                  <MenuItem value="edit">{t('sharing.roles.edit')}</MenuItem>
                  <MenuItem value="view">{t('sharing.roles.view')}</MenuItem>
                </Select>
              ) : (
                <Chip size="small" label={t(`sharing.roles.${entry.role}`)} sx={{ ml: 1 }} />
              )}
            </ListItem>
          );
        })}
      </List>
    </Box>
  );
}
