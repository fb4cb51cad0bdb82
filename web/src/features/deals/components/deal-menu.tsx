import ArrowBack from '@mui/icons-material/ArrowBack';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import MoreVert from '@mui/icons-material/MoreVert';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { errorText } from '../../../app/error-text';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { toast } from '../../../ui/toast-store';
import { useLang } from '../../../ui/use-lang';
import { dealApiPath, dealHomePath, dealListPath } from '../../documents';
import { SharingDialog } from '../../sharing';
import { useTrashDeal } from '../api/trash-deal';
import type { DealDetail } from '../types';

/** The deal toolbar menu: Open PDF, 'Trash document...' (sender party, edit), Back to home. */
export function DealMenu({ deal }: { deal: DealDetail }) {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [isConfirming, setIsConfirming] = useState(false);
  const [isSharing, setIsSharing] = useState(false);
  const trash = useTrashDeal(deal.id);
  const close = () => setAnchor(null);
  return (
    <>
      <IconButton
        aria-label={t('deals.editor.menu')}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVert />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={close}>
        {deal.myParty && (
          <MenuItem
            onClick={() => {
              close();
              setIsSharing(true);
            }}
          >
            <ListItemIcon>
              <GroupOutlined fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('deals.editor.teamSharing')}</ListItemText>
          </MenuItem>
        )}
        <MenuItem
          component="a"
          href={`${dealApiPath(deal.id)}/pdf`}
          target="_blank"
          rel="noopener"
          onClick={close}
        >
          <ListItemIcon>
            <PictureAsPdfOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('deals.editor.openPdf')}</ListItemText>
        </MenuItem>
        {deal.canTrash && (
          <MenuItem
            onClick={() => {
              close();
              setIsConfirming(true);
            }}
          >
            <ListItemIcon>
              <DeleteOutline fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('deals.editor.trash')}</ListItemText>
          </MenuItem>
        )}
        <MenuItem component={RouterLink} to={dealHomePath(deal.home)} onClick={close}>
          <ListItemIcon>
            <ArrowBack fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('deals.editor.backToHome')}</ListItemText>
        </MenuItem>
      </Menu>
      <SharingDialog
        collection="deals"
        documentId={deal.id}
        isOpen={isSharing}
        onClose={() => setIsSharing(false)}
      />
      <ConfirmDialog
        isOpen={isConfirming}
        title={t('deals.editor.trashTitle')}
        text={t('deals.editor.trashConfirm')}
        confirmLabel={t('deals.editor.trashButton')}
        onCancel={() => setIsConfirming(false)}
        onConfirm={() => {
          setIsConfirming(false);
          trash.mutate(undefined, {
            onSuccess: () => {
              toast.warning(t('deals.editor.trashed', { title: deal.title }));
              navigate(dealListPath('trash'));
            },
            onError: (error) => toast.error(errorText(error, lang)),
          });
        }}
      />
    </>
  );
}
