import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type PartyRole, partyRoles } from '@pactum/core/documents';
import { draftMessages } from '@pactum/core/drafts';
import { MAX_SIGNERS_PER_PARTY, sendPdfMessages } from '@pactum/core/signing';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { type Control, Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorText } from '../../app/error-text';
import { ErrorAlert } from '../../ui/error-alert';
import { showFieldErrors } from '../../ui/field-errors';
import { FormTextField } from '../../ui/form-text-field';
import { SubmitButton } from '../../ui/submit-button';
import { toast } from '../../ui/toast-store';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useLang } from '../../ui/use-lang';
import { useResumableUpload } from '../../ui/use-resumable-upload';
import { useMe } from '../auth';
import { dealSignPath } from '../documents';
import { useWorkspaces } from '../workspaces';
import { saveSendPdfDraft, sendPdfDraftQuery, useSendPdf } from './api/send-pdf';
import {
  emptySendPdfValues,
  emptySigner,
  representativeEmails,
  SEND_PDF_FIELD_NAMES,
  type SendPdfFormValues,
  type SendPdfOutput,
  sendPdfResolver,
  toDraft,
  withDraft,
} from './send-pdf-form';
import { signerListMessages, signingFieldText } from './signing-field-text';

/** The form is kept on the server 1 s after a change (spec 3 §9 PDF draft sync). */
const DRAFT_SYNC_MS = 1000;

/**
 * Send & Sign PDF (spec 3 §2.4, §5): a PDF, its name, both parties with their signers (1 to 4
 * each), optional representatives with a message, the workspace and the confirmation. The
 * deal is in signing at once: 'This document is now ready for signing and waiting for
 * signatures.' The form is checked with the route's schema on send, and again at each change
 * after that.
 */
export function SendPdfPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const me = useMe().data;
  useDocumentTitle(t('signing.sendPdf.title'));
  const workspaces = (useWorkspaces().data ?? []).filter((workspace) => !workspace.isDemo);
  const upload = useResumableUpload();
  const [fileError, setFileError] = useState<string | null>(null);
  const form = useForm<SendPdfFormValues, unknown, SendPdfOutput>({
    resolver: sendPdfResolver,
    defaultValues: emptySendPdfValues(),
    // Every message of the signer list is shown, not the first only.
    criteriaMode: 'all',
    // Once sent, the whole form is checked again at each change (below): a signer's e-mail
    // changes the list's duplicate message too.
    reValidateMode: 'onSubmit',
  });
  const { isSubmitted } = form.formState;
  useEffect(() => {
    const subscription = form.watch(() => {
      if (form.formState.isSubmitted) void form.trigger();
    });
    return () => subscription.unsubscribe();
  }, [form]);
  const fieldText = (message: string) => signingFieldText(message, lang);
  const [uploadId, uploadName, hasRepresentatives] = useWatch({
    control: form.control,
    name: ['uploadId', 'uploadName', 'hasRepresentatives'],
  });

  // The per-user draft: loaded once, then kept 1 s after each change (DraftSync).
  const draft = useQuery(sendPdfDraftQuery);
  const [isHydrated, setIsHydrated] = useState(false);
  useEffect(() => {
    if (isHydrated || !draft.data) return;
    form.reset(withDraft(form.getValues(), draft.data.draft));
    setIsHydrated(true);
  }, [draft.data, form, isHydrated]);

  const send = useSendPdf();
  const onSubmit = form.handleSubmit((request) =>
    send.mutate(request, {
      onSuccess: (answer) => {
        toast.success(answer.message);
        navigate(dealSignPath(answer.dealId));
      },
      onError: (error) => showFieldErrors(error, form.setError, SEND_PDF_FIELD_NAMES),
    }),
  );

  // The signer list's own messages (duplicates, amounts), each on a line of its own.
  const listMessages = isSubmitted ? signerListMessages(form.formState.errors.signers) : [];

  const chooseFile = async (file: File | undefined) => {
    setFileError(null);
    form.setValue('uploadId', null);
    if (!file) return;
    if (file.type !== 'application/pdf') {
      setFileError(sendPdfMessages[lang].onlyPdf);
      return;
    }
    try {
      form.setValue('uploadId', await upload.start(file, 'attachment'));
      form.setValue('uploadName', file.name);
    } catch (error) {
      setFileError(errorText(error, lang));
    }
  };

  const setCount = (party: PartyRole, count: number) => {
    const current = form.getValues('signers');
    const others = current.filter((signer) => signer.party !== party);
    const mine = current.filter((signer) => signer.party === party);
    const next = Array.from({ length: count }, (_, index) => mine[index] ?? emptySigner(party));
    form.setValue('signers', party === 'sender' ? [...next, ...others] : [...others, ...next]);
  };

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2} sx={{ maxWidth: 960 }}>
      <DraftSync control={form.control} isHydrated={isHydrated} />
      <Typography variant="h4" component="h1" sx={{ fontWeight: 600 }}>
        {t('signing.sendPdf.title')}
      </Typography>
      <Card variant="outlined">
        <CardContent>
          <Stack spacing={2}>
            <Box>
              <Button component="label" variant="outlined" startIcon={<UploadFileOutlined />}>
                {t('signing.sendPdf.choosePdf')}
                <input
                  hidden
                  type="file"
                  accept="application/pdf"
                  aria-label={t('signing.sendPdf.choosePdf')}
                  onChange={(event) => void chooseFile(event.target.files?.[0])}
                />
              </Button>
              {!upload.progress && uploadId && uploadName && (
                <Typography variant="body2" sx={{ mt: 1 }} role="status">
                  {uploadName} · {t('signing.sendPdf.uploaded')}
                </Typography>
              )}
              {upload.progress && (
                <Typography variant="body2" sx={{ mt: 1 }} role="status">
                  {upload.progress.name} ·{' '}
                  {uploadId
                    ? t('signing.sendPdf.uploaded')
                    : `${Math.round((100 * upload.progress.offset) / Math.max(1, upload.progress.size))} %`}
                </Typography>
              )}
              {fileError && (
                <Typography color="error" role="alert">
                  {fileError}
                </Typography>
              )}
            </Box>
            <FormTextField
              control={form.control}
              name="title"
              label={t('signing.sendPdf.documentName')}
              helperText=" "
              formatError={fieldText}
              required
              fullWidth={false}
            />
          </Stack>
        </CardContent>
      </Card>

      {partyRoles.map((party) => (
        <PartyCard
          key={party}
          party={party}
          control={form.control}
          onCount={(count) => setCount(party, count)}
          formatError={fieldText}
        />
      ))}

      <Card variant="outlined">
        <CardContent>
          <Stack spacing={2}>
            {listMessages.map((message) => (
              <Typography key={message} color="error" role="alert">
                {fieldText(message)}
              </Typography>
            ))}
            <CheckboxField
              control={form.control}
              name="hasRepresentatives"
              label={t('signing.sendPdf.addRepresentatives')}
            />
            {hasRepresentatives && (
              <>
                <FormTextField
                  control={form.control}
                  name="representatives"
                  label={t('signing.sendPdf.representatives')}
                  helperText={t('signing.sendPdf.representativesHint')}
                  formatError={fieldText}
                  fullWidth={false}
                />
                <FormTextField
                  control={form.control}
                  name="message"
                  label={t('signing.sendPdf.message')}
                  formatError={fieldText}
                  multiline
                  minRows={2}
                  fullWidth={false}
                />
              </>
            )}
            <SameDomainWarning control={form.control} myEmail={me?.email} />
            <CheckboxField control={form.control} name="use2fa" label={t('signing.setup.use2fa')} />
            <Controller
              control={form.control}
              name="workspaceId"
              render={({ field: { ref, ...field }, fieldState }) => (
                <TextField
                  select
                  {...field}
                  inputRef={ref}
                  label={t('signing.sendPdf.workspace')}
                  // Only an empty choice fails: the list holds the caller's workspaces.
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error ? sendPdfMessages[lang].noWorkspace : ' '}
                  sx={{ maxWidth: 420 }}
                >
                  {workspaces.map((workspace) => {
                    // Workspaces waiting for review are listed but cannot pay.
                    const canPay = workspace.isVerified && !workspace.isRejected;
                    return (
                      <MenuItem key={workspace.id} value={workspace.id} disabled={!canPay}>
                        {canPay
                          ? t('drafts.send.billing.option', {
                              title: workspace.title,
                              credits: workspace.credits,
                            })
                          : `${workspace.title} ${draftMessages[lang].waitingForReview}`}
                      </MenuItem>
                    );
                  })}
                </TextField>
              )}
            />
            <CheckboxField
              control={form.control}
              name="isConfirmed"
              label={t('signing.sendPdf.confirm')}
            />
            <ErrorAlert error={send.error} />
            <Box>
              <SubmitButton isPending={send.isPending}>{t('signing.sendPdf.send')}</SubmitButton>
            </Box>
          </Stack>
        </CardContent>
      </Card>
    </Stack>
  );
}

type FormControl = Control<SendPdfFormValues, unknown, SendPdfOutput>;

/**
 * Keeps the form on the server 1 s after a change (spec 3 §9 PDF draft sync), once the saved
 * draft is in. A component of its own, so a key typed redraws this, not the whole page.
 */
function DraftSync({ control, isHydrated }: { control: FormControl; isHydrated: boolean }) {
  const values = useWatch({ control }) as SendPdfFormValues;
  const snapshot = JSON.stringify(toDraft(values));
  const lastSaved = useRef<string | null>(null);
  useEffect(() => {
    if (!isHydrated) return undefined;
    // The draft as loaded is what the server has.
    if (lastSaved.current === null) {
      lastSaved.current = snapshot;
      return undefined;
    }
    if (snapshot === lastSaved.current) return undefined;
    const timer = setTimeout(() => {
      lastSaved.current = snapshot;
      void saveSendPdfDraft(JSON.parse(snapshot));
    }, DRAFT_SYNC_MS);
    return () => clearTimeout(timer);
  }, [snapshot, isHydrated]);
  return null;
}

/** The warning that a receiver's address (or a representative's) has the sender's domain. */
function SameDomainWarning({ control, myEmail }: { control: FormControl; myEmail?: string }) {
  const { t } = useTranslation();
  const [signers, hasRepresentatives, representatives] = useWatch({
    control,
    name: ['signers', 'hasRepresentatives', 'representatives'],
  });
  const myDomain = myEmail?.split('@')[1]?.toLowerCase();
  const isSameDomain =
    myDomain !== undefined &&
    [
      ...signers.filter((signer) => signer.party === 'receiver').map((signer) => signer.email),
      ...(hasRepresentatives ? representativeEmails(representatives) : []),
    ].some((email) => email.trim().toLowerCase().endsWith(`@${myDomain}`));
  return isSameDomain ? <Alert severity="warning">{t('signing.sendPdf.sameDomain')}</Alert> : null;
}

type PartyCardProps = {
  party: PartyRole;
  control: FormControl;
  onCount: (count: number) => void;
  formatError: (message: string) => string;
};

/** A party's company, the amount of its signers and each signer's fields. */
function PartyCard({ party, control, onCount, formatError }: PartyCardProps) {
  const { t } = useTranslation();
  // Both parties' signers, senders first: a signer's fields are named by its place here.
  const signers = useWatch({ control, name: 'signers' });
  const partySigners = signers
    .map((signer, index) => ({ signer, index }))
    .filter(({ signer }) => signer.party === party);
  return (
    <Card variant="outlined" component="section" aria-label={t(`signing.sendPdf.${party}`)}>
      <CardContent>
        <Stack spacing={2}>
          <Typography variant="h6" component="h2">
            {t(`signing.sendPdf.${party}`)}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <FormTextField
              control={control}
              name={`${party}.name`}
              label={t('signing.sendPdf.companyName')}
              helperText=" "
              formatError={formatError}
              required
            />
            <FormTextField
              control={control}
              name={`${party}.businessId`}
              label={t('signing.sendPdf.businessId')}
              helperText=" "
              formatError={formatError}
            />
          </Stack>
          <TextField
            select
            label={t('signing.setup.amount')}
            value={partySigners.length}
            onChange={(event) => onCount(Number(event.target.value))}
            sx={{ maxWidth: 240 }}
          >
            {Array.from({ length: MAX_SIGNERS_PER_PARTY }, (_, index) => index + 1).map(
              (amount) => (
                <MenuItem key={amount} value={amount}>
                  {amount}
                </MenuItem>
              ),
            )}
          </TextField>
          {partySigners.map(({ index }, place) => (
            <Stack
              // biome-ignore lint/suspicious/noArrayIndexKey: the rows are the party's signer slots in order.
              key={`${party}-${place}`}
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              role="group"
              aria-label={t('signing.setup.signerN', { n: place + 1 })}
            >
              {(['firstname', 'lastname', 'email', 'phone'] as const).map((field) => (
                <FormTextField
                  key={field}
                  control={control}
                  name={`signers.${index}.${field}`}
                  size="small"
                  label={t(`signing.setup.${field}`)}
                  helperText=" "
                  formatError={formatError}
                  required
                />
              ))}
            </Stack>
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}

type CheckboxFieldProps = {
  control: FormControl;
  name: 'hasRepresentatives' | 'use2fa' | 'isConfirmed';
  label: string;
};

/** A checkbox bound to one of the form's yes/no fields. */
function CheckboxField({ control, name, label }: CheckboxFieldProps) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { ref, value, onChange, onBlur } }) => (
        <FormControlLabel
          control={
            <Checkbox
              inputRef={ref}
              checked={value}
              onChange={(event) => onChange(event.target.checked)}
              onBlur={onBlur}
            />
          }
          label={label}
        />
      )}
    />
  );
}
