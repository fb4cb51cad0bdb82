import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** The spec's width of confirmation dialogs (1 §2). */
export const CONFIRM_DIALOG_WIDTH = 300;

type ConfirmDialogProps = {
  isOpen: boolean;
  title: string;
  text?: string;
  confirmLabel: string;
  onConfirm: () => void;
  /** Cancelling is silently ignored (1 §8): it only closes the dialog. */
  onCancel: () => void;
};

/** Asks the user to confirm one action. */
export function ConfirmDialog({
  isOpen,
  title,
  text,
  confirmLabel,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog
      open={isOpen}
      onClose={onCancel}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { width: CONFIRM_DIALOG_WIDTH } } }}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {text && (
        <DialogContent>
          <DialogContentText>{text}</DialogContentText>
        </DialogContent>
      )}
      <DialogActions>
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
        <Button variant="contained" onClick={onConfirm} autoFocus>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
