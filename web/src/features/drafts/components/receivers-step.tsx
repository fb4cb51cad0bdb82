import Add from '@mui/icons-material/Add';
import CheckCircle from '@mui/icons-material/CheckCircle';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { emptyParty, type Party } from '@pactum/core/documents';
import { isReceiverValid, normaliseEmailTag } from '@pactum/core/drafts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { EmailTagsInput } from '../../../ui/email-tags-input';
import { useDraftText } from '../use-draft-text';
import { PartyFields } from './party-fields';

/** A receiver on the send page as the user edits it; `key` identifies it before it is saved. */
export type ReceiverForm = { key: string; id?: string; party: Party; emails: string[] };

export const newReceiverForm = (party: Party = emptyParty()): ReceiverForm => ({
  key: crypto.randomUUID(),
  party,
  emails: [],
});

type ReceiversStepProps = {
  receivers: ReceiverForm[];
  onChange: (receivers: ReceiverForm[]) => void;
  disabled?: boolean;
};

/**
 * Add receiver(s): each receiver company with the addresses that get an invite. A receiver is
 * valid with a name of 2 or more characters and at least one valid address. Removing asks
 * first and is possible only while more than one receiver exists.
 */
export function ReceiversStep({ receivers, onChange, disabled }: ReceiversStepProps) {
  const { t } = useTranslation();
  const text = useDraftText();
  const [removing, setRemoving] = useState<ReceiverForm>();
  const update = (key: string, change: Partial<ReceiverForm>) =>
    onChange(
      receivers.map((receiver) => (receiver.key === key ? { ...receiver, ...change } : receiver)),
    );
  const remove = (key: string) => onChange(receivers.filter((receiver) => receiver.key !== key));

  return (
    <Stack spacing={2}>
      {receivers.map((receiver, index) => {
        const isValid = isReceiverValid(receiver);
        const name = receiver.party.name.trim();
        return (
          <Paper
            key={receiver.key}
            variant="outlined"
            component="fieldset"
            sx={{ p: 2, m: 0, border: 1, borderColor: 'divider' }}
            aria-label={t('drafts.send.receivers.receiver', { n: index + 1 })}
          >
            <Stack spacing={2}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Typography component="legend" sx={{ fontWeight: 600, flexGrow: 1, p: 0 }}>
                  {t('drafts.send.receivers.receiver', { n: index + 1 })}
                </Typography>
                <Chip
                  size="small"
                  color={isValid ? 'success' : 'warning'}
                  variant="outlined"
                  icon={isValid ? <CheckCircle /> : <ErrorOutline />}
                  label={isValid ? text('receiverValid') : text('dataRequired')}
                />
                {receivers.length > 1 && (
                  <IconButton
                    aria-label={t('drafts.send.receivers.remove', { n: index + 1 })}
                    onClick={() => setRemoving(receiver)}
                    disabled={disabled}
                  >
                    <DeleteOutline />
                  </IconButton>
                )}
              </Stack>
              <PartyFields
                party={receiver.party}
                onChange={(party) => update(receiver.key, { party })}
                disabled={disabled}
              />
              <EmailTagsInput
                label={t('drafts.send.receivers.emails')}
                value={receiver.emails}
                onChange={(emails) => update(receiver.key, { emails })}
                isValidTag={(tag) => normaliseEmailTag(tag) !== null}
                removeLabel={(tag) => t('drafts.send.receivers.removeEmail', { email: tag })}
                helperText={
                  receiver.emails.some((tag) => normaliseEmailTag(tag) === null)
                    ? t('drafts.send.receivers.invalidEmails')
                    : t('drafts.send.receivers.emailsHelp')
                }
                error={receiver.emails.some((tag) => normaliseEmailTag(tag) === null)}
                disabled={disabled}
              />
              {name.length > 0 && name.length < 2 && (
                <Typography variant="body2" color="warning.main">
                  {t('drafts.send.receivers.nameTooShort')}
                </Typography>
              )}
            </Stack>
          </Paper>
        );
      })}
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'center' } }}
      >
        <Button
          variant="outlined"
          startIcon={<Add />}
          onClick={() => onChange([...receivers, newReceiverForm()])}
          disabled={disabled}
        >
          {t('drafts.send.receivers.add')}
        </Button>
        <FormControlLabel
          control={<Switch disabled />}
          label={t('drafts.send.receivers.batchComingUp')}
        />
      </Stack>
      <ConfirmDialog
        isOpen={Boolean(removing)}
        title={
          removing?.party.name.trim()
            ? text('removeNamedReceiver', removing.party.name.trim())
            : text('removeReceiver')
        }
        confirmLabel={t('common.remove')}
        onCancel={() => setRemoving(undefined)}
        onConfirm={() => {
          if (removing) remove(removing.key);
          setRemoving(undefined);
        }}
      />
    </Stack>
  );
}
