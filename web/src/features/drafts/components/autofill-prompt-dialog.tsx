import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../ui/error-alert';
import { toast } from '../../../ui/toast-store';
import { useUpdateMe } from '../../account';
import type { Me } from '../../auth';

/** The spec's width of the autofill dialog (1 §2). */
const AUTOFILL_DIALOG_WIDTH = 600;

type AutofillPromptDialogProps = {
  me: Me;
  /** Called once the user has answered (either way); the draft is made after this. */
  onDone: () => void;
};

/**
 * Asked once, before the first draft (until `autofillShown`): new drafts can fill the sender
 * party from the user's company details. The user may type or correct the company name and
 * business id here; either answer marks the prompt as seen.
 */
export function AutofillPromptDialog({ me, onDone }: AutofillPromptDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const updateMe = useUpdateMe();
  const [name, setName] = useState(me.company.name ?? '');
  const [vat, setVat] = useState(me.company.vat ?? '');

  const skip = () => updateMe.mutate({ autofillShown: true }, { onSuccess: onDone });
  const save = () =>
    updateMe.mutate(
      { autofillShown: true, company: { ...me.company, name: name.trim(), vat: vat.trim() } },
      {
        onSuccess: () => {
          toast.success(t('drafts.autofill.updated'), 5_000);
          onDone();
        },
      },
    );

  return (
    <Dialog
      open
      aria-labelledby={titleId}
      onClose={skip}
      slotProps={{ paper: { sx: { width: AUTOFILL_DIALOG_WIDTH } } }}
    >
      <DialogTitle id={titleId}>{t('drafts.autofill.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('drafts.autofill.text')}</DialogContentText>
        <Stack spacing={2}>
          <TextField
            label={t('drafts.autofill.companyName')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            autoComplete="organization"
            slotProps={{ htmlInput: { maxLength: 250 } }}
            fullWidth
          />
          <TextField
            label={t('drafts.autofill.vat')}
            value={vat}
            onChange={(event) => setVat(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 250 } }}
            fullWidth
          />
          <ErrorAlert error={updateMe.error} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={skip} disabled={updateMe.isPending}>
          {t('drafts.autofill.skip')}
        </Button>
        <Button
          variant="contained"
          loading={updateMe.isPending}
          disabled={!name.trim()}
          onClick={save}
        >
          {t('drafts.autofill.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
