import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { checkInviteEmails, normaliseEmailTag } from '@pactum/core/drafts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmailTagsInput } from '../../../ui/email-tags-input';
import { ErrorAlert } from '../../../ui/error-alert';
import { toast } from '../../../ui/toast-store';
import { useLang } from '../../../ui/use-lang';
import { useAddInvites } from '../api/invites';

type InviteDialogProps = {
  dealId: string;
  isOpen: boolean;
  onClose: () => void;
  /** Addresses that already have an invite to this deal. */
  invited: string[];
};

/**
 * 'Invite new receivers' (spec 2 §2.3, §5): more people of the receiver's party get their own
 * invite link. At least one address, each valid, none invited already; the server's refusal
 * shows in the dialog.
 */
export function InviteDialog({ dealId, isOpen, onClose, invited }: InviteDialogProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const titleId = useId();
  const add = useAddInvites(dealId);
  const [emails, setEmails] = useState<string[]>([]);
  const [isSubmitted, setIsSubmitted] = useState(false);
  const check = checkInviteEmails(emails, invited, lang);
  // Duplicates warn as soon as they are typed; the other problems once the user tries to send.
  const isDuplicate =
    !check.isValid && (check.key === 'inviteAlreadyInvited' || check.key === 'inviteDouble');
  const problem = !check.isValid && (isSubmitted || isDuplicate) ? check.message : undefined;

  const close = () => {
    setEmails([]);
    setIsSubmitted(false);
    add.reset();
    onClose();
  };
  const submit = () => {
    setIsSubmitted(true);
    if (!check.isValid) return;
    add.mutate(check.emails, {
      onSuccess: () => {
        toast.success(t('sending.invites.sent', { count: check.emails.length }), 5_000);
        close();
      },
    });
  };

  return (
    <Dialog open={isOpen} onClose={close} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('sending.invites.dialogTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <DialogContentText>{t('sending.invites.dialogText')}</DialogContentText>
          <EmailTagsInput
            label={t('sending.invites.emails')}
            value={emails}
            onChange={setEmails}
            isValidTag={(tag) =>
              normaliseEmailTag(tag) !== null && !invited.includes(normaliseEmailTag(tag) ?? '')
            }
            removeLabel={(tag) => t('sending.invites.removeEmail', { email: tag })}
            helperText={t('sending.invites.emailsHelp')}
            autoFocus
          />
          {problem && (
            <Alert severity={isDuplicate ? 'warning' : 'error'} role="alert">
              {problem}
            </Alert>
          )}
          <ErrorAlert error={add.error} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('common.cancel')}</Button>
        <Button variant="contained" onClick={submit} loading={add.isPending}>
          {t('sending.invites.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
