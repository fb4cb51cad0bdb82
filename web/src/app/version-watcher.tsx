import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONFIRM_DIALOG_WIDTH } from '../ui/confirm-dialog';
import { isUpgraded, useAppVersion } from './health';

/**
 * Asks to reload when the server has been upgraded since this page loaded ('The app has
 * been upgraded to version X. Reload now?'); 'Later' asks again only for a newer version.
 */
export function VersionWatcher() {
  const { t } = useTranslation();
  const textId = useId();
  const { loaded, current } = useAppVersion();
  const [dismissed, setDismissed] = useState<string>();
  const isOpen = isUpgraded(loaded, current) && dismissed !== current;
  return (
    <Dialog
      open={isOpen}
      aria-describedby={textId}
      slotProps={{ paper: { sx: { width: CONFIRM_DIALOG_WIDTH } } }}
    >
      <DialogContent>
        <DialogContentText id={textId}>{t('app.upgraded', { version: current })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => setDismissed(current)}>{t('app.later')}</Button>
        <Button variant="contained" autoFocus onClick={() => window.location.reload()}>
          {t('app.reload')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
