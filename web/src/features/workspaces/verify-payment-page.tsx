import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PaymentFailureCode } from '@pactum/core/billing';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { codeText } from '../../app/error-text';
import { ErrorAlert } from '../../ui/error-alert';
import { toast } from '../../ui/toast-store';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useLang } from '../../ui/use-lang';
import { confirmPayment } from './api/confirm-payment';
import { workspaceQueryKey, workspaceQueryOptions } from './api/get-workspace';
import { workspacesQueryKey } from './api/list-workspaces';
import { browserStorage, forgetPayment, readPayment } from './payment-continue';
import type { PaymentState } from './types';
import { workspacePath } from './workspace-paths';

/** How often, and how long apart, a payment still under way is asked about again. */
const POLL_ATTEMPTS = 5;
const POLL_INTERVAL_MS = 2_000;

type Phase =
  | { name: 'card' }
  | { name: 'payment' }
  | { name: 'pending' }
  | { name: 'failed'; failureCode: PaymentFailureCode }
  | { name: 'error'; error: unknown };

const wait = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * `/dashboard/account/workspace/verify/:accountId?payment=<id>`: where the bank's 3-D Secure
 * page sends the browser back. 'Verifying credit card...' while the payment is first asked
 * about, 'Verifying payment...' while it is still under way; on success a toast and back to
 * the place kept before leaving (or the workspace), else the bank's reason and a way back.
 */
export function VerifyPaymentPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('workspaces.verify.title'));
  const { accountId = '' } = useParams();
  const [params] = useSearchParams();
  const paymentId = params.get('payment') ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const lang = useLang();
  const [phase, setPhase] = useState<Phase>({ name: 'card' });
  const hasStarted = useRef(false);
  const isMounted = useRef(true);
  useEffect(() => {
    isMounted.current = true;
    return () => {
      isMounted.current = false;
    };
  }, []);

  useEffect(() => {
    // Once per page (effects run twice in development); the server grants credits once anyway.
    if (hasStarted.current || !paymentId) return;
    hasStarted.current = true;
    const isGone = () => !isMounted.current;

    const succeed = async (payment: PaymentState) => {
      const kept = readPayment(browserStorage(), paymentId);
      forgetPayment(browserStorage());
      void queryClient.invalidateQueries({ queryKey: workspaceQueryKey(accountId) });
      void queryClient.invalidateQueries({ queryKey: workspacesQueryKey });
      const title = await queryClient
        .fetchQuery(workspaceQueryOptions(accountId))
        .then((workspace) => workspace.title)
        .catch(() => '');
      toast.success(
        kept?.kind === 'order'
          ? t('workspaces.create.createdAndPaid', { credits: payment.credits })
          : t('workspaces.buy.purchased', { credits: payment.credits, title }),
      );
      if (!isGone()) navigate(kept?.returnTo ?? workspacePath(accountId), { replace: true });
    };

    const run = async () => {
      for (let attempt = 0; attempt < POLL_ATTEMPTS; attempt += 1) {
        const payment = await confirmPayment(paymentId);
        if (isGone()) return;
        if (payment.status === 'succeeded') return succeed(payment);
        if (payment.status === 'failed') {
          forgetPayment(browserStorage());
          setPhase({ name: 'failed', failureCode: payment.failureCode ?? 'payment_failed' });
          return;
        }
        setPhase({ name: 'payment' });
        await wait(POLL_INTERVAL_MS);
        if (isGone()) return;
      }
      setPhase({ name: 'pending' });
    };
    run().catch((error: unknown) => {
      if (!isGone()) setPhase({ name: 'error', error });
    });
  }, [paymentId, accountId, navigate, queryClient, t]);

  const back = (
    <Button
      variant="contained"
      component={RouterLink}
      to={workspacePath(accountId)}
      sx={{ alignSelf: 'flex-start' }}
    >
      {t('workspaces.verify.back')}
    </Button>
  );
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, maxWidth: 640 }}>
      <Stack spacing={2}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
          {t('workspaces.verify.title')}
        </Typography>
        {!paymentId ? (
          <>
            <Alert severity="error">{t('workspaces.verify.missingPayment')}</Alert>
            {back}
          </>
        ) : phase.name === 'card' || phase.name === 'payment' ? (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status">
            <CircularProgress size={24} aria-hidden />
            <Typography>
              {phase.name === 'card'
                ? t('workspaces.verify.verifyingCard')
                : t('workspaces.verify.verifyingPayment')}
            </Typography>
          </Stack>
        ) : phase.name === 'pending' ? (
          <>
            <Alert severity="info">{t('workspaces.verify.stillPending')}</Alert>
            {back}
          </>
        ) : (
          <>
            {phase.name === 'failed' ? (
              <Alert severity="error" role="alert">
                {codeText(phase.failureCode, lang)}
              </Alert>
            ) : (
              <ErrorAlert error={phase.error} />
            )}
            {back}
          </>
        )}
      </Stack>
    </Paper>
  );
}
