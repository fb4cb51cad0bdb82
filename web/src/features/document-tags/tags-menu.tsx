import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import Badge from '@mui/material/Badge';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import type { DocumentCollection } from '@pactum/core/documents';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/error-text';
import { ApiError } from '../../app/http';
import { toast } from '../../ui/toast-store';
import { useLang } from '../../ui/use-lang';
import { useDocumentTags } from './api/get-tags';
import { useSetTags } from './api/set-tags';

/** Spec 2 §9: tags are saved 500 ms after the last change. */
export const TAG_SAVE_DEBOUNCE_MS = 500;

type TagsMenuProps = { collection: DocumentCollection; documentId: string };

/**
 * The document's tags (workspace tags): a button with the count and a menu of the tags of the
 * user's workspaces to tick. Changes are saved together 500 ms after the last one; a failure
 * says which tag ('Failed to save tag {tag}: {message}').
 */
export function TagsMenu({ collection, documentId }: TagsMenuProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const tags = useDocumentTags(collection, documentId);
  const save = useSetTags(collection, documentId);
  const [chosen, setChosen] = useState<string[] | undefined>();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const lastToggled = useRef<{ tag: string; isAdded: boolean }>(undefined);

  const saved = tags.data?.tags.map((tag) => tag.id) ?? [];
  const current = chosen ?? saved;

  useEffect(() => () => clearTimeout(timer.current), []);

  const toggle = (tagId: string, tag: string) => {
    const isAdded = !current.includes(tagId);
    const next = isAdded ? [...current, tagId] : current.filter((id) => id !== tagId);
    setChosen(next);
    lastToggled.current = { tag, isAdded };
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      save.mutate(next, {
        onSettled: () => setChosen(undefined),
        onError: (error) => {
          const last = lastToggled.current;
          const message = error instanceof ApiError ? errorText(error, lang) : '';
          toast.error(
            t(last?.isAdded === false ? 'documentTags.removeFailed' : 'documentTags.saveFailed', {
              tag: last?.tag ?? '',
              message: message || t('documentTags.unknown'),
            }),
          );
        },
      });
    }, TAG_SAVE_DEBOUNCE_MS);
  };

  const available = tags.data?.available ?? [];
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
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {available.length === 0 && (
          <MenuItem disabled>
            <ListItemText>{t('documentTags.none')}</ListItemText>
          </MenuItem>
        )}
        {available.map((tag) => {
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
      </Menu>
    </>
  );
}
