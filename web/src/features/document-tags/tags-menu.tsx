import AddOutlined from '@mui/icons-material/AddOutlined';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import type { DocumentCollection } from '@pactum/core/documents';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/error-text';
import { ApiError } from '../../app/http';
import { toast } from '../../ui/toast-store';
import { useLang } from '../../ui/use-lang';
import { addTag } from '../workspaces';
import { useTags } from './api/get-tags';
import { useSetTagsAt } from './api/set-tags';
import { documentTagsSource, type TagsSource } from './api/tags-source';

/** Spec 2 §9: tags are saved 500 ms after the last change. */
export const TAG_SAVE_DEBOUNCE_MS = 500;

/** A workspace a new tag may be made in (the user is a member). */
export type TagWorkspace = { id: string; title: string };

type TagsMenuProps = (
  | { collection: DocumentCollection; documentId: string; source?: undefined }
  | { source: TagsSource; collection?: undefined; documentId?: undefined }
) & {
  /**
   * Where the user may create tags (spec 3: the tag select allows creation only when it is
   * permitted). Without it the menu only picks among the workspaces' tags.
   */
  createIn?: readonly TagWorkspace[];
};

/**
 * The tags of a document or archive item (workspace tags): a button with the count and a menu
 * of the tags of the user's workspaces to tick, filtered by what is typed ('Select tags...'),
 * and where allowed a new tag made from it. Changes are saved together 500 ms after the last
 * one; a failure says which tag ('Failed to save tag {tag}: {message}').
 */
export function TagsMenu(props: TagsMenuProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const menuId = useId();
  const queryClient = useQueryClient();
  const { collection, documentId } = props;
  const source = useMemo(
    () => props.source ?? documentTagsSource(collection as DocumentCollection, documentId ?? ''),
    [props.source, collection, documentId],
  );
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [filter, setFilter] = useState('');
  const tags = useTags(source);
  const save = useSetTagsAt(source);
  const create = useMutation({
    mutationFn: (input: { workspaceId: string; tag: string }) =>
      addTag(input.workspaceId, input.tag),
  });
  const [chosen, setChosen] = useState<string[] | undefined>();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const lastToggled = useRef<{ tag: string; isAdded: boolean }>(undefined);

  const saved = tags.data?.tags.map((tag) => tag.id) ?? [];
  const current = chosen ?? saved;

  useEffect(() => () => clearTimeout(timer.current), []);

  const failureText = (error: unknown) =>
    (error instanceof ApiError ? errorText(error, lang) : '') || t('documentTags.unknown');

  const choose = (next: string[], tag: string, isAdded: boolean) => {
    setChosen(next);
    lastToggled.current = { tag, isAdded };
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      save.mutate(next, {
        onSettled: () => setChosen(undefined),
        onError: (error) => {
          const last = lastToggled.current;
          toast.error(
            t(last?.isAdded === false ? 'documentTags.removeFailed' : 'documentTags.saveFailed', {
              tag: last?.tag ?? '',
              message: failureText(error),
            }),
          );
        },
      });
    }, TAG_SAVE_DEBOUNCE_MS);
  };

  const toggle = (tagId: string, tag: string) => {
    const isAdded = !current.includes(tagId);
    choose(isAdded ? [...current, tagId] : current.filter((id) => id !== tagId), tag, isAdded);
  };

  const createTag = (workspaceId: string, tag: string) =>
    create.mutate(
      { workspaceId, tag },
      {
        onSuccess: async (created) => {
          setFilter('');
          await queryClient.invalidateQueries({ queryKey: source.queryKey });
          if (created) choose([...current, created.id], created.tag, true);
        },
        onError: (error) => toast.error(errorText(error, lang)),
      },
    );

  const typed = filter.trim();
  const available = tags.data?.available ?? [];
  const shown = available.filter((tag) =>
    tag.tag.toLocaleLowerCase(lang).includes(typed.toLocaleLowerCase(lang)),
  );
  const workspaces = props.createIn ?? [];
  // A name a workspace has already is ticked, not made again ('Tag %s already exists').
  const creatable =
    typed === ''
      ? []
      : workspaces.filter(
          (workspace) =>
            !available.some(
              (tag) =>
                tag.workspaceId === workspace.id &&
                tag.tag.toLocaleLowerCase(lang) === typed.toLocaleLowerCase(lang),
            ),
        );
  return (
    <>
      <Tooltip title={t('documentTags.tags')}>
        <IconButton
          aria-label={t('documentTags.tags')}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={Boolean(anchor)}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <Badge badgeContent={current.length} color="primary">
            <LocalOfferOutlined />
          </Badge>
        </IconButton>
      </Tooltip>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => {
          setAnchor(null);
          setFilter('');
        }}
        slotProps={{ paper: { sx: { minWidth: 260, maxHeight: 420 } } }}
      >
        {(available.length > 0 || workspaces.length > 0) && (
          <TagFilterField value={filter} onChange={setFilter} />
        )}
        {tags.isError && (
          <MenuItem disabled>
            <ListItemText>{errorText(tags.error, lang)}</ListItemText>
          </MenuItem>
        )}
        {tags.isSuccess && available.length === 0 && workspaces.length === 0 && (
          <MenuItem disabled>
            <ListItemText>{t('documentTags.none')}</ListItemText>
          </MenuItem>
        )}
        {shown.map((tag) => {
          const isChosen = current.includes(tag.id);
          return (
            <MenuItem
              key={tag.id}
              role="menuitemcheckbox"
              aria-checked={isChosen}
              onClick={() => toggle(tag.id, tag.tag)}
            >
              <ListItemIcon>
                <Checkbox
                  edge="start"
                  size="small"
                  checked={isChosen}
                  tabIndex={-1}
                  disableRipple
                />
              </ListItemIcon>
              <ListItemText>{tag.tag}</ListItemText>
            </MenuItem>
          );
        })}
        {creatable.map((workspace) => (
          <MenuItem
            key={workspace.id}
            disabled={create.isPending}
            onClick={() => createTag(workspace.id, typed)}
          >
            <ListItemIcon>
              <AddOutlined fontSize="small" />
            </ListItemIcon>
            <ListItemText>
              {workspaces.length > 1
                ? t('documentTags.createIn', { tag: typed, workspace: workspace.title })
                : t('documentTags.create', { tag: typed })}
            </ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

type TagFilterFieldProps = { value: string; onChange: (value: string) => void };

/**
 * The menu's text field ('Select tags...'): it filters the tags and names a new one. Typing
 * stays in the field (the menu would otherwise jump to the item starting with the letter).
 */
function TagFilterField({ value, onChange }: TagFilterFieldProps) {
  const { t } = useTranslation();
  const keepInField = (event: KeyboardEvent) => {
    if (!['ArrowDown', 'ArrowUp', 'Escape', 'Tab'].includes(event.key)) event.stopPropagation();
  };
  return (
    <Box component="li" sx={{ px: 2, pt: 0.5, pb: 1 }}>
      <TextField
        size="small"
        fullWidth
        value={value}
        placeholder={t('documentTags.select')}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={keepInField}
        slotProps={{ htmlInput: { 'aria-label': t('documentTags.select') } }}
      />
    </Box>
  );
}
// The menu's first focus goes to the first tag, not to the field.
TagFilterField.muiSkipListHighlight = true;
