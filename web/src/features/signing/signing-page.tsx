import ArrowBack from '@mui/icons-material/ArrowBack';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import DrawOutlined from '@mui/icons-material/DrawOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type PartyRole, partyRoles } from '@pactum/core/documents';
import { signatureColorHex, signingMessage } from '@pactum/core/signing';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../app/http';
import { useLiveTopic } from '../../app/live';
import { celebrate } from '../../ui/confetti';
import { ErrorAlert } from '../../ui/error-alert';
import { toast } from '../../ui/toast-store';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useLang } from '../../ui/use-lang';
import { useMe, useSendVerification } from '../auth';
import { DeclinedNotice, dealEditPath, dealListPath, dealSignPath, HOME_PATH } from '../documents';
import { RichTextView } from '../sections';
import { SupportContact } from '../support';
import { type SigningSigner, type SigningView, signedPdfUrl, useSigning } from './api/get-signing';
import { useCancelSigning, useRemindNow, useRetrySignedPdf } from './api/signing-actions';
import { AuditTrailDialog, AuditTrailList } from './components/audit-trail';
import { DeclineDialog } from './components/decline-dialog';
import { ReplaceSignerDialog } from './components/replace-signer-dialog';
import { SignDialog } from './components/sign-dialog';
import { SignerSetupDialog } from './components/signer-setup-dialog';
import { WithdrawDialog } from './components/withdraw-dialog';
import { loadSignatureFonts, signatureFontFamily } from './signature-fonts';

/** Cancel signing goes back to the editor after 0.5 s (spec 3 §4, §9). */
const CANCEL_REDIRECT_MS = 500;

/**
 * Review and sign (sent-/receiver-/signer-{product}, spec 3 §2.3): the status panel, the
 * signer lists per party with their actions, the document in print style, the audit trail
 * (also as a dialog) and the trashed notice.
 */
export function SigningPage() {
  const { t } = useTranslation();
  const { dealId = '' } = useParams();
  const signing = useSigning(dealId);
  const view = signing.data;
  useLiveTopic(view?.role === 'signer' ? undefined : dealId ? `deal:${dealId}` : undefined);
  useDocumentTitle(view?.title ?? t('signing.reviewAndSign'));

  if (signing.isPending) {
    return (
      <Stack spacing={2} sx={{ maxWidth: 1100 }} aria-busy="true">
        <Skeleton variant="rounded" height={56} />
        <Skeleton variant="rounded" height={160} />
      </Stack>
    );
  }
  if (signing.isError || !view) {
    const isMissing = signing.error instanceof ApiError && signing.error.status === 404;
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start', maxWidth: 720 }}>
        {isMissing ? (
          <Alert severity="error">{t('deals.load.missingAccess')}</Alert>
        ) : (
          <ErrorAlert error={signing.error} fallback={t('signing.loadFailed')} />
        )}
        <Button component={RouterLink} to="/dashboard/home" startIcon={<ArrowBack />}>
          {t('signing.backToHome')}
        </Button>
      </Stack>
    );
  }
  return <SigningBody view={view} />;
}

function SigningBody({ view }: { view: SigningView }) {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<
    'start' | 'setup' | 'audit' | 'cancel' | 'decline' | 'withdraw' | { sign: SigningSigner } | null
  >(null);
  const cancel = useCancelSigning(view.id);
  const retry = useRetrySignedPdf(view.id);
  const previousState = useRef(view.state);

  // Signatures are drawn in their fonts: load the ones shown.
  useEffect(() => {
    const fonts = view.signers.flatMap((signer) =>
      signer.signature ? [signer.signature.font] : [],
    );
    if (fonts.length > 0) void loadSignatureFonts(fonts);
  }, [view.signers]);

  // The moment everyone has signed: confetti.
  useEffect(() => {
    const before = previousState.current;
    previousState.current = view.state;
    if (before !== 'in-signing' || view.state !== 'signed') return;
    celebrate({ x: 1, y: 0.6 });
  }, [view.state]);

  const title = view.state === 'signed' ? t('signing.signedTitle') : t('signing.reviewAndSign');
  const total = view.signers.length;
  const signed = view.signers.filter((signer) => signer.state === 'signed').length;
  const mySigner = view.signers.find((signer) => signer.canSign);
  const isPreSigning = view.state === 'new' || view.state === 'negotiate';

  return (
    <Stack spacing={2} sx={{ maxWidth: 1100 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 600, flexGrow: 1 }}>
          {title}
        </Typography>
        {isPreSigning && view.myParty && view.role !== 'signer' && (
          <Button
            component={RouterLink}
            to={dealEditPath(view.id, view.myParty)}
            startIcon={<ArrowBack />}
          >
            {t('signing.backToNegotiation')}
          </Button>
        )}
        <Button startIcon={<HistoryOutlined />} onClick={() => setDialog('audit')}>
          {t('signing.audit.open')}
        </Button>
      </Stack>

      {view.isTrashed && (
        <Alert severity="warning">
          {t('deals.editor.trashedBanner')}
          <SupportContact lead={t('support.recoverTrashed')} />
        </Alert>
      )}
      {view.declined && <DeclinedNotice declined={view.declined} parties={view.parties} />}

      <Card variant="outlined" component="section" aria-label={t('signing.status.label')}>
        <CardContent>
          <Stack spacing={1.5}>
            {view.state === 'signed' ? (
              <>
                <Typography variant="h6" component="p" role="status">
                  {signingMessage('allSigned', lang, view.title)}
                </Typography>
                {view.signedPdf?.state === 'done' ? (
                  <Box>
                    <Button
                      variant="contained"
                      startIcon={<DownloadOutlined />}
                      href={signedPdfUrl(view.id)}
                      download
                    >
                      {t('signing.downloadPdf')}
                    </Button>
                    <Typography
                      variant="caption"
                      color="text.secondary"
                      sx={{ display: 'block', mt: 1, wordBreak: 'break-all' }}
                    >
                      SHA-256 {view.signedPdf.sha256}
                    </Typography>
                  </Box>
                ) : view.signedPdf?.state === 'failed' ? (
                  <Alert
                    severity="error"
                    action={
                      view.signedPdf.canRetry ? (
                        <Button
                          color="inherit"
                          onClick={() => retry.mutate()}
                          disabled={retry.isPending}
                        >
                          {t('signing.retryPdf')}
                        </Button>
                      ) : undefined
                    }
                  >
                    {t('signing.pdfFailed')}
                    {view.signedPdf.lastError ? ` (${view.signedPdf.lastError})` : ''}
                  </Alert>
                ) : (
                  <Alert severity="info">
                    {t('signing.pdfPending')}
                    {view.signedPdf?.lastError && view.isSender
                      ? ` ${t('signing.pdfRetrying', { attempts: view.signedPdf.attempts })}`
                      : ''}
                  </Alert>
                )}
              </>
            ) : view.state === 'in-signing' ? (
              <Typography role="status">
                {t('signing.status.inSigning', { signed, total })}
              </Typography>
            ) : (
              <Typography role="status">{t('signing.status.notStarted')}</Typography>
            )}
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
              {view.canStartSigning && (
                <Button
                  variant="contained"
                  startIcon={<DrawOutlined />}
                  onClick={() => setDialog('start')}
                >
                  {t('signing.startSigning')}
                </Button>
              )}
              {view.canSetupSigners && (
                <Button
                  variant={view.state === 'in-signing' ? 'contained' : 'outlined'}
                  onClick={() => setDialog('setup')}
                >
                  {view.signers.some((signer) => signer.party === view.myParty)
                    ? t('signing.changeSigners')
                    : t('signing.setupSigners')}
                </Button>
              )}
              {mySigner && (
                <Button
                  variant="contained"
                  color="secondary"
                  startIcon={<DrawOutlined />}
                  onClick={() => setDialog({ sign: mySigner })}
                >
                  {t('signing.sign.submit')}
                </Button>
              )}
              {view.canCancelSigning && (
                <Button color="warning" onClick={() => setDialog('cancel')}>
                  {t('signing.cancelSigning')}
                </Button>
              )}
              {view.canWithdraw && (
                <Button color="warning" variant="outlined" onClick={() => setDialog('withdraw')}>
                  {t('signing.withdraw.open')}
                </Button>
              )}
              {view.canDecline && (
                <Button color="error" variant="outlined" onClick={() => setDialog('decline')}>
                  {t('signing.decline.open')}
                </Button>
              )}
            </Stack>
          </Stack>
        </CardContent>
      </Card>

      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
        {partyRoles.map((party) => (
          <SignerList
            key={party}
            view={view}
            party={party}
            onSign={(signer) => setDialog({ sign: signer })}
          />
        ))}
      </Box>

      <Card variant="outlined" component="article" aria-label={t('signing.document')}>
        <CardContent sx={{ px: { xs: 2, md: 6 }, py: 4, fontFamily: 'Georgia, serif' }}>
          <Typography variant="h5" component="h2" sx={{ fontFamily: 'inherit', fontWeight: 600 }}>
            {view.title}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('deals.editor.parties', {
              sender: view.parties.sender.name,
              receiver: view.parties.receiver.name,
            })}
            {view.contractUid ? ` · ${t('deals.editor.contractId', { id: view.contractUid })}` : ''}
          </Typography>
          {view.document.hasPdf && (
            <Button
              variant="outlined"
              href={`/api/v1/deals/${encodeURIComponent(view.id)}/original-pdf`}
              target="_blank"
              rel="noopener"
              sx={{ mb: 2 }}
            >
              {t('signing.openPdf')}
            </Button>
          )}
          {view.document.sections.map((section) => (
            <Box key={`${section.number}-${section.title}`} sx={{ mb: 2 }}>
              <Typography
                variant="subtitle1"
                component="h3"
                sx={{ fontWeight: 600, fontFamily: 'inherit' }}
              >
                {section.number} {section.title}
              </Typography>
              <RichTextView html={section.html} />
            </Box>
          ))}
          <Typography variant="caption" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
            {t('signing.contentHash', { hash: view.document.contentSha256 })}
          </Typography>
        </CardContent>
      </Card>

      <Card variant="outlined" component="section" aria-label={t('signing.audit.title')}>
        <CardContent>
          <Typography variant="h6" component="h2">
            {t('signing.audit.title')}
          </Typography>
          <AuditTrailList view={view} />
        </CardContent>
      </Card>

      {(dialog === 'start' || dialog === 'setup') && (
        <SignerSetupDialog view={view} mode={dialog} onClose={() => setDialog(null)} />
      )}
      {dialog === 'audit' && <AuditTrailDialog view={view} onClose={() => setDialog(null)} />}
      {dialog !== null && typeof dialog === 'object' && (
        <SignDialog
          view={view}
          signer={view.signers.find((signer) => signer.id === dialog.sign.id) ?? dialog.sign}
          onClose={() => setDialog(null)}
          onSigned={(next) => {
            setDialog(null);
            // The last signature is greeted by the signed state itself (and confetti).
            if (next.state !== 'signed') toast.success(signingMessage('signed', lang, view.title));
          }}
        />
      )}
      {dialog === 'decline' && (
        <DeclineDialog
          dealId={view.id}
          onClose={() => setDialog(null)}
          onDeclined={(result) => {
            setDialog(null);
            toast.success(t('signing.decline.done', { title: view.title }));
            // A party's member goes on in the editor; a signer outside both parties loses the
            // deal with their slot and goes home.
            const party = view.myParty;
            navigate(result.canOpenDeal && party ? dealEditPath(view.id, party) : HOME_PATH);
          }}
        />
      )}
      {dialog === 'withdraw' && (
        <WithdrawDialog
          view={view}
          onClose={() => setDialog(null)}
          onWithdrawn={(next, moveTo) => {
            setDialog(null);
            toast.success(t('signing.withdraw.done', { title: view.title }));
            const party = next.myParty;
            if (moveTo === 'trash') navigate(dealListPath('trash'));
            else if (party) navigate(dealEditPath(next.id, party));
          }}
        />
      )}
      {dialog === 'cancel' && (
        <Dialog open onClose={() => setDialog(null)} aria-labelledby="cancel-signing-title">
          <DialogTitle id="cancel-signing-title">{t('signing.cancelSigning')}</DialogTitle>
          <DialogContent>
            <Typography>{t('signing.cancelConfirm')}</Typography>
            <ErrorAlert error={cancel.error} sx={{ mt: 1 }} />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setDialog(null)}>{t('common.cancel')}</Button>
            <Button
              color="warning"
              variant="contained"
              disabled={cancel.isPending}
              onClick={() =>
                cancel.mutate(undefined, {
                  onSuccess: (next) => {
                    setDialog(null);
                    const party = next.myParty;
                    if (party) {
                      setTimeout(() => navigate(dealEditPath(next.id, party)), CANCEL_REDIRECT_MS);
                    }
                  },
                })
              }
            >
              {t('signing.cancelSigning')}
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </Stack>
  );
}

function SignerList({
  view,
  party,
  onSign,
}: {
  view: SigningView;
  party: PartyRole;
  onSign: (signer: SigningSigner) => void;
}) {
  const { t, i18n } = useTranslation();
  const signers = view.signers.filter((signer) => signer.party === party);
  const remind = useRemindNow(view.id);
  const [replacing, setReplacing] = useState<SigningSigner | null>(null);
  const format = new Intl.DateTimeFormat(i18n.resolvedLanguage, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return (
    <Card
      variant="outlined"
      component="section"
      aria-label={t(`signing.signers.${party}`, { name: view.parties[party].name })}
    >
      <CardContent>
        <Typography variant="h6" component="h2">
          {t(`signing.signers.${party}`, { name: view.parties[party].name })}
        </Typography>
        {signers.length === 0 && (
          <Typography color="text.secondary">{t('signing.signers.none')}</Typography>
        )}
        <Stack spacing={1.5} sx={{ mt: 1 }}>
          {signers.map((signer) => (
            <Box key={signer.id} role="group" aria-label={`${signer.firstname} ${signer.lastname}`}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography sx={{ fontWeight: 600 }}>
                  {signer.firstname} {signer.lastname}
                </Typography>
                <Chip
                  size="small"
                  color={signer.state === 'signed' ? 'success' : 'default'}
                  label={
                    signer.state === 'signed' && signer.signedAt
                      ? t('signing.signers.signedAt', {
                          time: format.format(new Date(signer.signedAt)),
                        })
                      : t('signing.signers.notSigned')
                  }
                />
                {signer.canSign && (
                  <Button size="small" variant="contained" onClick={() => onSign(signer)}>
                    {t('signing.sign.submit')}
                  </Button>
                )}
              </Stack>
              <Typography variant="body2" color="text.secondary">
                {signer.email}
                {signer.phone ? ` · ${signer.phone}` : ''}
              </Typography>
              {signer.state === 'new' && (signer.reminders.sent > 0 || signer.canRemind) && (
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <Typography variant="body2" color="text.secondary">
                    {signer.reminders.sent > 0 && signer.reminders.lastAt
                      ? t('signing.signers.reminded', {
                          count: signer.reminders.sent,
                          time: format.format(new Date(signer.reminders.lastAt)),
                        })
                      : ''}
                    {signer.reminders.nextAt
                      ? `${signer.reminders.sent > 0 ? ' · ' : ''}${t(
                          'signing.signers.nextReminder',
                          {
                            time: format.format(new Date(signer.reminders.nextAt)),
                          },
                        )}`
                      : ''}
                  </Typography>
                  {signer.canRemind && (
                    <Button
                      size="small"
                      disabled={remind.isPending}
                      onClick={() =>
                        remind.mutate(signer.id, {
                          onSuccess: () =>
                            toast.success(
                              t('signing.signers.reminderSent', {
                                name: `${signer.firstname} ${signer.lastname}`,
                              }),
                            ),
                        })
                      }
                    >
                      {t('signing.signers.remindNow')}
                    </Button>
                  )}
                </Stack>
              )}
              {remind.variables === signer.id && <ErrorAlert error={remind.error} />}
              {signer.canReplace && (
                <Button size="small" onClick={() => setReplacing(signer)}>
                  {t('signing.replace.open')}
                </Button>
              )}
              {signer.isEmailProofNeeded && <EmailProofAlert dealId={view.id} />}
              {signer.signature && (
                <Typography
                  data-testid="signature"
                  sx={{
                    fontFamily: signatureFontFamily(signer.signature.font),
                    color: signatureColorHex[signer.signature.color],
                    fontSize: 28,
                  }}
                >
                  {signer.signature.text}
                </Typography>
              )}
            </Box>
          ))}
        </Stack>
        {replacing && (
          <ReplaceSignerDialog
            dealId={view.id}
            signer={replacing}
            onClose={() => setReplacing(null)}
            onReplaced={() => {
              toast.success(
                t('signing.replace.done', { name: `${replacing.firstname} ${replacing.lastname}` }),
              );
              setReplacing(null);
            }}
          />
        )}
      </CardContent>
    </Card>
  );
}

/**
 * The caller is this signer by address but has not proven it: one click mails them the
 * verification link, which leads back here to sign (the signing link mailed to them works too).
 */
function EmailProofAlert({ dealId }: { dealId: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const me = useMe();
  const send = useSendVerification();
  if (send.isSuccess) {
    return (
      <Alert severity="success" role="status" sx={{ mt: 1 }}>
        {t('signing.signers.verificationSent', { email: me.data?.email ?? '' })}
      </Alert>
    );
  }
  return (
    <>
      <Alert
        severity="info"
        sx={{ mt: 1 }}
        action={
          <Button
            color="inherit"
            size="small"
            loading={send.isPending}
            onClick={() => send.mutate(dealSignPath(dealId))}
          >
            {t('signing.signers.verifyEmail')}
          </Button>
        }
      >
        {signingMessage('emailNotVerified', lang)}
      </Alert>
      <ErrorAlert error={send.error} sx={{ mt: 1 }} />
    </>
  );
}
