import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { PartyRole } from '@pactum/core/documents';
import {
  DEFAULT_PHONE_PREFIX,
  MAX_SIGNERS_PER_PARTY,
  type SignerField,
  type SignerInput,
  signerIssueText,
  validateSigners,
} from '@pactum/core/signing';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../ui/error-alert';
import { useLang } from '../../../ui/use-lang';
import type { SigningSigner, SigningView } from '../api/get-signing';
import { useSetupSigners, useStartSigning } from '../api/signing-actions';

const emptySigner = (party: PartyRole): SignerInput => ({
  party,
  firstname: '',
  lastname: '',
  email: '',
  phone: DEFAULT_PHONE_PREFIX,
});

const fromView = (signer: SigningSigner): SignerInput => ({
  party: signer.party,
  firstname: signer.firstname,
  lastname: signer.lastname,
  email: signer.email,
  // The party's editors get their signers' phones in full; a masked one is typed again.
  phone: signer.phone && !signer.phone.includes('*') ? signer.phone : DEFAULT_PHONE_PREFIX,
});

/**
 * Signer setup (spec 3 §5): 1 to 4 signers of the caller's party (0 to 4 when named ahead in
 * negotiation), each with first name, last name, e-mail and phone, checked as typed. In `start`
 * mode it starts signing, with the option of the SMS two-step check. That check is the deal's,
 * for both parties' signers: in signing the setup shows it read-only, and before signing the
 * one who starts it chooses.
 */
export function SignerSetupDialog({
  view,
  mode,
  onClose,
}: {
  view: SigningView;
  mode: 'start' | 'setup';
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const titleId = useId();
  const party = view.myParty ?? 'sender';
  const isNegotiation = mode === 'setup' && view.state !== 'in-signing';
  const existing = view.signers.filter((signer) => signer.party === party).map(fromView);
  const [signers, setSigners] = useState<SignerInput[]>(
    existing.length > 0 ? existing : isNegotiation ? [] : [emptySigner(party)],
  );
  const [use2fa, setUse2fa] = useState(view.use2faInSigning);
  const [isTouched, setIsTouched] = useState(false);
  // Starting with the signers already named: they are shown for confirmation, not asked again.
  const [isEditing, setIsEditing] = useState(
    mode === 'setup' ||
      existing.length === 0 ||
      validateSigners(existing, { mode: 'signing', parties: [party] }).issues.length > 0,
  );
  const setup = useSetupSigners(view.id);
  const start = useStartSigning(view.id);
  const mutation = mode === 'start' ? start : setup;

  const { issues } = useMemo(
    () =>
      validateSigners(signers, {
        mode: isNegotiation ? 'negotiation' : 'signing',
        parties: [party],
      }),
    [signers, isNegotiation, party],
  );
  const fieldIssue = (index: number, field: SignerField) => {
    const issue = issues.find((one) => one.index === index && one.field === field);
    return isTouched && issue ? signerIssueText(issue, lang) : undefined;
  };
  const listIssues = issues.filter((issue) => issue.index === null);

  const setAmount = (amount: number) => {
    setSigners((current) =>
      Array.from({ length: amount }, (_, index) => current[index] ?? emptySigner(party)),
    );
  };
  const change = (index: number, field: SignerField, value: string) => {
    setIsTouched(true);
    setSigners((current) =>
      current.map((signer, at) => (at === index ? { ...signer, [field]: value } : signer)),
    );
  };
  const submit = () => {
    setIsTouched(true);
    if (issues.length > 0) return;
    mutation.mutate(mode === 'start' ? { signers, use2faInSigning: use2fa } : { signers }, {
      onSuccess: onClose,
    });
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>
        {mode === 'start' ? t('signing.setup.startTitle') : t('signing.setup.title')}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {isEditing
              ? t('signing.setup.intro', { party: view.parties[party].name })
              : t('signing.setup.named', { party: view.parties[party].name })}
          </Typography>
          {!isEditing && (
            <Stack spacing={1} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {signers.map((signer) => (
                <Typography component="li" key={signer.email}>
                  <strong>
                    {signer.firstname} {signer.lastname}
                  </strong>{' '}
                  · {signer.email} · {signer.phone}
                </Typography>
              ))}
              <Button
                sx={{ alignSelf: 'flex-start' }}
                onClick={() => setIsEditing(true)}
                size="small"
              >
                {t('signing.changeSigners')}
              </Button>
            </Stack>
          )}
          {isEditing && (
            <TextField
              select
              label={t('signing.setup.amount')}
              value={signers.length}
              onChange={(event) => setAmount(Number(event.target.value))}
              helperText={t('signing.setup.amountHint')}
              sx={{ maxWidth: 240 }}
            >
              {Array.from({ length: MAX_SIGNERS_PER_PARTY + 1 }, (_, amount) => amount)
                .filter((amount) => isNegotiation || amount >= 1)
                .map((amount) => (
                  <MenuItem key={amount} value={amount}>
                    {amount}
                  </MenuItem>
                ))}
            </TextField>
          )}
          {isEditing &&
            signers.map((signer, index) => (
              <Stack
                // biome-ignore lint/suspicious/noArrayIndexKey: the rows are the signer slots in order.
                key={index}
                spacing={1}
                role="group"
                aria-label={t('signing.setup.signerN', { n: index + 1 })}
              >
                <Typography variant="subtitle2">
                  {t('signing.setup.signerN', { n: index + 1 })}
                </Typography>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                  {(['firstname', 'lastname', 'email', 'phone'] as const).map((field) => (
                    <TextField
                      key={field}
                      label={t(`signing.setup.${field}`)}
                      value={signer[field]}
                      onChange={(event) => change(index, field, event.target.value)}
                      error={Boolean(fieldIssue(index, field))}
                      helperText={fieldIssue(index, field) ?? ' '}
                      type={field === 'email' ? 'email' : field === 'phone' ? 'tel' : 'text'}
                      required
                      fullWidth
                      size="small"
                    />
                  ))}
                </Stack>
              </Stack>
            ))}
          {isTouched &&
            listIssues.map((issue) => (
              <Typography key={`${issue.key}-${issue.params.join()}`} color="error" role="alert">
                {signerIssueText(issue, lang)}
              </Typography>
            ))}
          {mode === 'start' ? (
            <FormControlLabel
              control={
                <Checkbox checked={use2fa} onChange={(event) => setUse2fa(event.target.checked)} />
              }
              label={t('signing.setup.use2fa')}
            />
          ) : (
            view.state === 'in-signing' && (
              <Stack>
                <FormControlLabel
                  control={<Checkbox checked={view.use2faInSigning} disabled />}
                  label={t('signing.setup.use2fa')}
                />
                <Typography variant="body2" color="text.secondary">
                  {t('signing.setup.use2faDeal')}
                </Typography>
              </Stack>
            )
          )}
          <ErrorAlert error={mutation.error} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={mutation.isPending}>
          {mode === 'start' ? t('signing.setup.start') : t('signing.setup.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
