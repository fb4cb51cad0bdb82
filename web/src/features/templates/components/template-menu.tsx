import ContentCopy from '@mui/icons-material/ContentCopy';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Home from '@mui/icons-material/Home';
import MoreVert from '@mui/icons-material/MoreVert';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorText } from '../../../app/error-text';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { toast } from '../../../ui/toast-store';
import { useLang } from '../../../ui/use-lang';
import { useDeleteTemplate } from '../api/delete-template';
import type { TemplateDetail } from '../api/get-template';
import { templateListPath } from '../template-paths';
import { DuplicateDialog } from './duplicate-dialog';
import { TemplateSettingsDialog } from './template-settings-dialog';

type Dialog = 'settings' | 'duplicate' | 'delete';

/**
 * The editor toolbar's menu: Template settings, Duplicate template, Delete template (users with
 * edit access) and Back to home.
 */
export function TemplateMenu({ template }: { template: TemplateDetail }) {
  const { t } = useTranslation();
  const lang = useLang();
  const menuId = useId();
  const navigate = useNavigate();
  const remove = useDeleteTemplate(template.id);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [dialog, setDialog] = useState<Dialog>();

  const item = (label: string, icon: ReactNode, onClick: () => void) => (
    <MenuItem
      onClick={() => {
        setAnchor(null);
        onClick();
      }}
    >
      <ListItemIcon>{icon}</ListItemIcon>
      <ListItemText>{label}</ListItemText>
    </MenuItem>
  );

  return (
    <>
      <Tooltip title={t('templates.menu.label')}>
        <IconButton
          aria-label={t('templates.menu.label')}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={Boolean(anchor)}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <MoreVert />
        </IconButton>
      </Tooltip>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {item(t('templates.menu.settings'), <SettingsOutlined fontSize="small" />, () =>
          setDialog('settings'),
        )}
        {item(t('templates.menu.duplicate'), <ContentCopy fontSize="small" />, () =>
          setDialog('duplicate'),
        )}
        {template.canEdit &&
          item(t('templates.menu.delete'), <DeleteOutline fontSize="small" />, () =>
            setDialog('delete'),
          )}
        {item(t('templates.menu.home'), <Home fontSize="small" />, () =>
          navigate(templateListPath('all')),
        )}
      </Menu>
      {dialog === 'settings' && (
        <TemplateSettingsDialog template={template} onClose={() => setDialog(undefined)} />
      )}
      {dialog === 'duplicate' && (
        <DuplicateDialog template={template} onClose={() => setDialog(undefined)} />
      )}
      <ConfirmDialog
        isOpen={dialog === 'delete'}
        title={t('templates.menu.deleteTitle', { title: template.title })}
        text={t('templates.menu.deleteText')}
        confirmLabel={t('templates.menu.delete')}
        onCancel={() => setDialog(undefined)}
        onConfirm={() => {
          setDialog(undefined);
          remove.mutate(undefined, {
            onSuccess: () => {
              toast.success(t('templates.menu.deleted', { title: template.title }));
              navigate(templateListPath('all'));
            },
            onError: (error) => toast.error(errorText(error, lang)),
          });
        }}
      />
    </>
  );
}
