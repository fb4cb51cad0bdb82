import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { type EmailNotification, emailNotificationOptions } from '@pactum/core/auth';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../ui/error-alert';
import type { Me } from '../../auth';
import { useUpdateMe } from '../api/update-me';

/** The spec's width of the autofill dialog (1 §2). */
const AUTOFILL_DIALOG_WIDTH = 600;

/**
 * 'Stay informed with email notifications': asked once (until `notificationsDialogShown`),
 * whether the user picks a frequency or not.
 */
export function NotificationsDialog({ me }: { me: Me }) {
  const { t } = useTranslation();
  const titleId = useId();
  const updateMe = useUpdateMe();
  const [choice, setChoice] = useState<EmailNotification>(me.emailNotifications ?? 'daily');
  const [isClosed, setIsClosed] = useState(false);
  const close = (changes: { emailNotifications?: EmailNotification }) =>
    updateMe.mutate(
      { ...changes, notificationsDialogShown: true },
      { onSuccess: () => setIsClosed(true) },
    );
  return (
    <Dialog
      open={!me.notificationsDialogShown && !isClosed}
      aria-labelledby={titleId}
      onClose={() => close({})}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{t('account.notificationsDialog.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {t('account.notificationsDialog.text')}
        </DialogContentText>
        <ErrorAlert error={updateMe.error} sx={{ mb: 2 }} />
        <RadioGroup
          aria-labelledby={titleId}
          value={choice}
          onChange={(event) => setChoice(event.target.value as EmailNotification)}
        >
          {emailNotificationOptions.map((option) => (
            <FormControlLabel
              key={option}
              value={option}
              control={<Radio />}
              label={t(`account.notifications.${option}`)}
            />
          ))}
        </RadioGroup>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => close({})} disabled={updateMe.isPending}>
          {t('account.notificationsDialog.later')}
        </Button>
        <Button
          variant="contained"
          loading={updateMe.isPending}
          onClick={() => close({ emailNotifications: choice })}
        >
          {t('account.notificationsDialog.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * 'Autofill makes life faster!': shown once (until `autofillShown`), after the
 * notifications question. 'Fill in now' takes the user to the autofill card.
 */
export function AutofillDialog({ me, onFillIn }: { me: Me; onFillIn: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const updateMe = useUpdateMe();
  const [isClosed, setIsClosed] = useState(false);
  const close = (then?: () => void) =>
    updateMe.mutate(
      { autofillShown: true },
      {
        onSuccess: () => {
          setIsClosed(true);
          then?.();
        },
      },
    );
  return (
    <Dialog
      open={me.notificationsDialogShown && !me.autofillShown && !isClosed}
      aria-labelledby={titleId}
      onClose={() => close()}
      slotProps={{ paper: { sx: { width: AUTOFILL_DIALOG_WIDTH } } }}
    >
      <DialogTitle id={titleId}>{t('account.autofillDialog.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('account.autofillDialog.text')}</DialogContentText>
        <ErrorAlert error={updateMe.error} sx={{ mt: 2 }} />
      </DialogContent>
      <DialogActions>
        <Button onClick={() => close()} disabled={updateMe.isPending}>
          {t('account.autofillDialog.later')}
        </Button>
        <Button variant="contained" loading={updateMe.isPending} onClick={() => close(onFillIn)}>
          {t('account.autofillDialog.fillIn')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
