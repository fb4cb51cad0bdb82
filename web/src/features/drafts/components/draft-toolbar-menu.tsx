import DeleteOutline from '@mui/icons-material/DeleteOutline';
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import LibraryAddOutlined from '@mui/icons-material/LibraryAddOutlined';
import MoreVert from '@mui/icons-material/MoreVert';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorText } from '../../../app/error-text';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { toast } from '../../../ui/toast-store';
import { useLang } from '../../../ui/use-lang';
import { DRAFT_LIST_PATH, HOME_PATH } from '../../documents';
import { useCreateTemplateFromDraft } from '../api/create-template-from-draft';
import { useDeleteDraft } from '../api/delete-draft';
import type { DraftDetail } from '../api/get-draft';
import { useDraftText } from '../use-draft-text';

type DraftToolbarMenuProps = { draft: DraftDetail; onTeamSharing: () => void };

/**
 * The draft toolbar's menu (spec 2 §2.2): Team sharing, Create template (from the draft),
 * Delete draft (its creator only, after the spec's question) and Back to home.
 */
export function DraftToolbarMenu({ draft, onTeamSharing }: DraftToolbarMenuProps) {
  const { t } = useTranslation();
  const text = useDraftText();
  const lang = useLang();
  const navigate = useNavigate();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [isDeleting, setIsDeleting] = useState(false);
  const remove = useDeleteDraft(draft.id);
  const toTemplate = useCreateTemplateFromDraft(draft.id);

  const item = (label: string, icon: ReactNode, onClick: () => void, isDisabled = false) => (
    <MenuItem
      disabled={isDisabled}
      onClick={() => {
        setAnchor(null);
        onClick();
      }}
    >
      <ListItemIcon>{icon}</ListItemIcon>
      <ListItemText>{label}</ListItemText>
    </MenuItem>
  );
  const createTemplate = () =>
    toTemplate.mutate(undefined, {
      onSuccess: ({ templateId }) => {
        toast.success(t('drafts.edit.templateCreated', { title: draft.title }));
        navigate(`/dashboard/templates/edit/${encodeURIComponent(templateId)}`);
      },
      onError: (error) => toast.error(errorText(error, lang)),
    });
  const deleteDraft = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        toast.warning(text('deleted', draft.title));
        navigate(DRAFT_LIST_PATH, { replace: true });
      },
      onError: (error) => toast.error(errorText(error, lang)),
    });

  return (
    <>
      <IconButton
        aria-label={t('drafts.edit.menu')}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={Boolean(anchor)}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVert />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {item(t('drafts.edit.teamSharing'), <GroupOutlined fontSize="small" />, onTeamSharing)}
        {item(
          t('drafts.edit.createTemplate'),
          <LibraryAddOutlined fontSize="small" />,
          createTemplate,
          toTemplate.isPending,
        )}
        {draft.isCreator &&
          item(t('drafts.edit.deleteDraft'), <DeleteOutline fontSize="small" />, () =>
            setIsDeleting(true),
          )}
        {item(t('drafts.edit.backToHome'), <HomeOutlined fontSize="small" />, () =>
          navigate(HOME_PATH),
        )}
      </Menu>
      <ConfirmDialog
        isOpen={isDeleting}
        title={t('drafts.edit.deleteDraft')}
        text={text('deleteConfirm')}
        confirmLabel={t('drafts.edit.delete')}
        onCancel={() => setIsDeleting(false)}
        onConfirm={() => {
          setIsDeleting(false);
          deleteDraft();
        }}
      />
    </>
  );
}
