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
import type { sendPdfDraftResultSchema, sendPdfResultSchema } from '@pactum/core/api/signing';
import type { Wire } from '@pactum/core/api/wire';
import type { PartyRole } from '@pactum/core/documents';
import { draftMessages } from '@pactum/core/drafts';
import {
  DEFAULT_PHONE_PREFIX,
  MAX_SIGNERS_PER_PARTY,
  type SendPdfDraft,
  type SendPdfRequest,
  type SignerField,
  type SignerInput,
  sendPdfMessages,
  signerIssueText,
  validateSigners,
} from '@pactum/core/signing';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorText } from '../../app/error-text';
import { apiFetch } from '../../app/http';
import { ErrorAlert } from '../../ui/error-alert';
import { toast } from '../../ui/toast-store';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useLang } from '../../ui/use-lang';
import { useResumableUpload } from '../../ui/use-resumable-upload';
import { useMe } from '../auth';
import { dealSignPath } from '../documents';
import { useWorkspaces } from '../workspaces';

/** The form is kept on the server 1 s after a change (spec 3 §9 PDF draft sync). */
const DRAFT_SYNC_MS = 1000;

const emptySigner = (party: PartyRole): SignerInput => ({
  party,
  firstname: '',
  lastname: '',
  email: '',
  phone: DEFAULT_PHONE_PREFIX,
});

type PartyForm = { name: string; businessId: string };

/**
 * Send & Sign PDF (spec 3 §2.4, §5): a PDF, its name, both parties with their signers (1 to 4
 * each), optional representatives with a message, the workspace and the confirmation. The
 * deal is in signing at once: 'This document is now ready for signing and waiting for
 * signatures.'
 */
export function SendPdfPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const me = useMe().data;
  useDocumentTitle(t('signing.sendPdf.title'));
  const workspaces = (useWorkspaces().data ?? []).filter((workspace) => !workspace.isDemo);
  const upload = useResumableUpload();
  const [uploadId, setUploadId] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [title, setTitle] = useState('');
  const [parties, setParties] = useState<Record<PartyRole, PartyForm>>({
    sender: { name: '', businessId: '' },
    receiver: { name: '', businessId: '' },
  });
  const [signers, setSigners] = useState<SignerInput[]>([
    emptySigner('sender'),
    emptySigner('receiver'),
  ]);
  const [hasRepresentatives, setHasRepresentatives] = useState(false);
  const [representatives, setRepresentatives] = useState('');
  const [message, setMessage] = useState('');
  const [workspaceId, setWorkspaceId] = useState('');
  const [use2fa, setUse2fa] = useState(false);
  const [isConfirmed, setIsConfirmed] = useState(false);
  const [isTouched, setIsTouched] = useState(false);
  const [uploadName, setUploadName] = useState('');

  // The per-user draft: loaded once, then kept 1 s after each change.
  const draft = useQuery({
    queryKey: ['send-pdf', 'draft'],
    queryFn: () => apiFetch<Wire<typeof sendPdfDraftResultSchema>>('/api/v1/send-pdf/draft'),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const isHydrated = useRef(false);
  useEffect(() => {
    if (isHydrated.current || !draft.data) return;
    isHydrated.current = true;
    const saved = draft.data.draft;
    if (saved.uploadId) setUploadId(saved.uploadId);
    if (saved.uploadName) setUploadName(saved.uploadName);
    if (saved.title) setTitle(saved.title);
    if (saved.sender && saved.receiver)
      setParties({ sender: saved.sender, receiver: saved.receiver });
    if (saved.signers && saved.signers.length > 0) setSigners(saved.signers);
    if (saved.hasRepresentatives) setHasRepresentatives(true);
    if (saved.representatives) setRepresentatives(saved.representatives);
    if (saved.message) setMessage(saved.message);
    if (saved.workspaceId) setWorkspaceId(saved.workspaceId);
    if (saved.use2fa) setUse2fa(true);
  }, [draft.data]);
  const snapshot = useMemo<SendPdfDraft>(
    () => ({
      uploadId,
      uploadName,
      title,
      sender: parties.sender,
      receiver: parties.receiver,
      signers,
      hasRepresentatives,
      representatives,
      message,
      workspaceId,
      use2fa,
    }),
    [
      uploadId,
      uploadName,
      title,
      parties,
      signers,
      hasRepresentatives,
      representatives,
      message,
      workspaceId,
      use2fa,
    ],
  );
  const lastSaved = useRef<string | null>(null);
  useEffect(() => {
    if (!isHydrated.current) return undefined;
    const body = JSON.stringify(snapshot);
    if (lastSaved.current === null) {
      lastSaved.current = body;
      return undefined;
    }
    if (body === lastSaved.current) return undefined;
    const timer = setTimeout(() => {
      lastSaved.current = body;
      void apiFetch('/api/v1/send-pdf/draft', { method: 'PUT', body: snapshot }).catch(
        () => undefined,
      );
    }, DRAFT_SYNC_MS);
    return () => clearTimeout(timer);
  }, [snapshot]);

  const send = useMutation({
    mutationFn: (body: SendPdfRequest) =>
      apiFetch<Wire<typeof sendPdfResultSchema>>('/api/v1/send-pdf', { method: 'POST', body }),
    onSuccess: (answer) => {
      toast.success(answer.message);
      navigate(dealSignPath(answer.dealId));
    },
  });

  const { issues } = useMemo(
    () => validateSigners(signers, { mode: 'signing', parties: ['sender', 'receiver'] }),
    [signers],
  );
  const representativeEmails = representatives
    .split(/[\s,;]+/)
    .map((email) => email.trim().toLowerCase())
    .filter(Boolean);
  const myDomain = me?.email.split('@')[1]?.toLowerCase();
  const isSameDomain =
    myDomain !== undefined &&
    [
      ...signers.filter((signer) => signer.party === 'receiver').map((signer) => signer.email),
      ...(hasRepresentatives ? representativeEmails : []),
    ].some((email) => email.trim().toLowerCase().endsWith(`@${myDomain}`));
  const required = sendPdfMessages[lang].required;
  const isValid =
    uploadId !== null &&
    title.trim() !== '' &&
    parties.sender.name.trim() !== '' &&
    parties.receiver.name.trim() !== '' &&
    issues.length === 0 &&
    workspaceId !== '' &&
    isConfirmed;

  const chooseFile = async (file: File | undefined) => {
    setFileError(null);
    setUploadId(null);
    if (!file) return;
    if (file.type !== 'application/pdf') {
      setFileError(sendPdfMessages[lang].onlyPdf);
      return;
    }
    try {
      setUploadId(await upload.start(file, 'attachment'));
      setUploadName(file.name);
    } catch (error) {
      setFileError(errorText(error, lang));
    }
  };

  const setCount = (party: PartyRole, count: number) =>
    setSigners((current) => {
      const others = current.filter((signer) => signer.party !== party);
      const mine = current.filter((signer) => signer.party === party);
      const next = Array.from({ length: count }, (_, index) => mine[index] ?? emptySigner(party));
      return party === 'sender' ? [...next, ...others] : [...others, ...next];
    });
  const changeSigner = (index: number, field: SignerField, value: string) =>
    setSigners((current) =>
      current.map((signer, at) => (at === index ? { ...signer, [field]: value } : signer)),
    );

  const submit = () => {
    setIsTouched(true);
    if (!workspaceId) return;
    if (!isValid || !uploadId) return;
    send.mutate({
      uploadId,
      title,
      sender: parties.sender,
      receiver: parties.receiver,
      signers,
      use2faInSigning: use2fa,
      ...(hasRepresentatives && representativeEmails.length > 0
        ? { representatives: { emails: representativeEmails, message } }
        : {}),
      workspaceId,
      isConfirmed: true,
    });
  };

  return (
    <Stack spacing={2} sx={{ maxWidth: 960 }}>
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
            <TextField
              label={t('signing.sendPdf.documentName')}
              value={title}
              onChange={(event) => setTitle(event.target.value)}
              error={isTouched && title.trim() === ''}
              helperText={isTouched && title.trim() === '' ? required : ' '}
              required
            />
          </Stack>
        </CardContent>
      </Card>

      {(['sender', 'receiver'] as const).map((party) => {
        const partySigners = signers
          .map((signer, index) => ({ signer, index }))
          .filter(({ signer }) => signer.party === party);
        return (
          <Card
            key={party}
            variant="outlined"
            component="section"
            aria-label={t(`signing.sendPdf.${party}`)}
          >
            <CardContent>
              <Stack spacing={2}>
                <Typography variant="h6" component="h2">
                  {t(`signing.sendPdf.${party}`)}
                </Typography>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                  <TextField
                    label={t('signing.sendPdf.companyName')}
                    value={parties[party].name}
                    onChange={(event) =>
                      setParties({
                        ...parties,
                        [party]: { ...parties[party], name: event.target.value },
                      })
                    }
                    error={isTouched && parties[party].name.trim() === ''}
                    helperText={isTouched && parties[party].name.trim() === '' ? required : ' '}
                    required
                    fullWidth
                  />
                  <TextField
                    label={t('signing.sendPdf.businessId')}
                    value={parties[party].businessId}
                    onChange={(event) =>
                      setParties({
                        ...parties,
                        [party]: { ...parties[party], businessId: event.target.value },
                      })
                    }
                    helperText=" "
                    fullWidth
                  />
                </Stack>
                <TextField
                  select
                  label={t('signing.setup.amount')}
                  value={partySigners.length}
                  onChange={(event) => setCount(party, Number(event.target.value))}
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
                {partySigners.map(({ signer, index }, place) => (
                  <Stack
                    // biome-ignore lint/suspicious/noArrayIndexKey: the rows are the party's signer slots in order.
                    key={`${party}-${place}`}
                    direction={{ xs: 'column', sm: 'row' }}
                    spacing={1}
                    role="group"
                    aria-label={t('signing.setup.signerN', { n: place + 1 })}
                  >
                    {(['firstname', 'lastname', 'email', 'phone'] as const).map((field) => {
                      const issue = issues.find(
                        (one) => one.index === index && one.field === field,
                      );
                      return (
                        <TextField
                          key={field}
                          size="small"
                          label={t(`signing.setup.${field}`)}
                          value={signer[field]}
                          onChange={(event) => changeSigner(index, field, event.target.value)}
                          error={isTouched && Boolean(issue)}
                          helperText={isTouched && issue ? signerIssueText(issue, lang) : ' '}
                          required
                          fullWidth
                        />
                      );
                    })}
                  </Stack>
                ))}
              </Stack>
            </CardContent>
          </Card>
        );
      })}

      <Card variant="outlined">
        <CardContent>
          <Stack spacing={2}>
            {isTouched &&
              issues
                .filter((issue) => issue.index === null)
                .map((issue) => (
                  <Typography key={`${issue.key}-${issue.party}`} color="error" role="alert">
                    {signerIssueText(issue, lang)}
                  </Typography>
                ))}
            <FormControlLabel
              control={
                <Checkbox
                  checked={hasRepresentatives}
                  onChange={(event) => setHasRepresentatives(event.target.checked)}
                />
              }
              label={t('signing.sendPdf.addRepresentatives')}
            />
            {hasRepresentatives && (
              <>
                <TextField
                  label={t('signing.sendPdf.representatives')}
                  value={representatives}
                  onChange={(event) => setRepresentatives(event.target.value)}
                  helperText={t('signing.sendPdf.representativesHint')}
                />
                <TextField
                  label={t('signing.sendPdf.message')}
                  value={message}
                  onChange={(event) => setMessage(event.target.value)}
                  multiline
                  minRows={2}
                />
              </>
            )}
            {isSameDomain && <Alert severity="warning">{t('signing.sendPdf.sameDomain')}</Alert>}
            <FormControlLabel
              control={
                <Checkbox checked={use2fa} onChange={(event) => setUse2fa(event.target.checked)} />
              }
              label={t('signing.setup.use2fa')}
            />
            <TextField
              select
              label={t('signing.sendPdf.workspace')}
              value={workspaceId}
              onChange={(event) => setWorkspaceId(event.target.value)}
              error={isTouched && workspaceId === ''}
              helperText={isTouched && workspaceId === '' ? sendPdfMessages[lang].noWorkspace : ' '}
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
            <FormControlLabel
              control={
                <Checkbox
                  checked={isConfirmed}
                  onChange={(event) => setIsConfirmed(event.target.checked)}
                />
              }
              label={t('signing.sendPdf.confirm')}
            />
            <ErrorAlert error={send.error} />
            <Box>
              <Button variant="contained" onClick={submit} disabled={send.isPending}>
                {t('signing.sendPdf.send')}
              </Button>
            </Box>
          </Stack>
        </CardContent>
      </Card>
    </Stack>
  );
}
