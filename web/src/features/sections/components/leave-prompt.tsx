import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';

type LeavePromptProps = {
  /** The title of the section open in editing; none when nothing is open. */
  openTitle: string | undefined;
  /** Saves the open section; false when that failed (the user stays). */
  onSave: () => Promise<boolean>;
  /** Closes the open section without saving. */
  onDiscard: () => Promise<void>;
};

/**
 * Leaving the page with a section open asks whether to save it first (spec 2 §2.1): Save and
 * leave, Leave without saving, or Stay. Closing the tab with a section open asks the browser's
 * own question.
 */
export function LeavePrompt({ openTitle, onSave, onDiscard }: LeavePromptProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const isOpen = openTitle !== undefined;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      isOpen && currentLocation.pathname !== nextLocation.pathname,
  );
  const [isBusy, setIsBusy] = useState(false);

  useEffect(() => {
    if (!isOpen) return undefined;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [isOpen]);

  const leave = async (action: () => Promise<boolean | undefined>) => {
    setIsBusy(true);
    const isDone = (await action()) !== false;
    setIsBusy(false);
    if (blocker.state !== 'blocked') return;
    if (isDone) blocker.proceed();
    else blocker.reset();
  };

  return (
    <Dialog
      open={blocker.state === 'blocked'}
      onClose={() => blocker.reset?.()}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { maxWidth: 440 } } }}
    >
      <DialogTitle id={titleId}>{t('sections.leaveTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('sections.leaveText', { title: openTitle ?? '' })}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={() => blocker.reset?.()} disabled={isBusy}>
          {t('sections.stay')}
        </Button>
        <Button
          color="error"
          disabled={isBusy}
          onClick={() =>
            leave(async () => {
              await onDiscard();
              return true;
            })
          }
        >
          {t('sections.leaveWithoutSaving')}
        </Button>
        <Button variant="contained" loading={isBusy} onClick={() => leave(onSave)} autoFocus>
          {t('sections.saveAndLeave')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
