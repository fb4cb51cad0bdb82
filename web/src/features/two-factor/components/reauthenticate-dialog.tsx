import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../app/http';
import { ErrorAlert } from '../../../ui/error-alert';
import { SubmitButton } from '../../../ui/submit-button';
import { useReauthenticate } from '../api/change-factors';
import { useTwoFactor } from '../api/get-two-factor';

/** Whether a failed call asks the person to confirm who they are first. */
export function needsReauthentication(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'reauthentication_required';
}

/**
 * Runs an action that may need a fresh confirmation of who the person is: when the server answers
 * `reauthentication_required`, the dialog asks for the password (and a code) and the action runs
 * again. Render `dialog` once; call `run(action)`.
 */
export function useReauthentication(options: { needsCode: boolean }) {
  const retry = useRef<(() => void) | null>(null);
  const [isOpen, setIsOpen] = useState(false);
  const run = useCallback((action: (onNeedsReauth: (error: unknown) => boolean) => void) => {
    const attempt = () =>
      action((error) => {
        if (!needsReauthentication(error)) return false;
        retry.current = attempt;
        setIsOpen(true);
        return true;
      });
    attempt();
  }, []);
  const dialog = (
    <ReauthenticateDialog
      isOpen={isOpen}
      needsCode={options.needsCode}
      onCancel={() => setIsOpen(false)}
      onDone={() => {
        setIsOpen(false);
        retry.current?.();
        retry.current = null;
      }}
    />
  );
  return { run, dialog };
}

/**
 * A refusal that asks the person to confirm who they are, as an alert with the way to do it; once
 * confirmed, `onConfirmed` tries the action again. Other errors are shown as usual.
 */
export function ReauthenticateAlert({
  error,
  onConfirmed,
}: {
  error: unknown;
  onConfirmed: () => void;
}) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const factors = useTwoFactor({ enabled: needsReauthentication(error) });
  if (!needsReauthentication(error)) return <ErrorAlert error={error} />;
  return (
    <>
      <Alert
        severity="warning"
        action={
          <Button color="inherit" size="small" onClick={() => setIsOpen(true)}>
            {t('twoFactor.reauth.open')}
          </Button>
        }
      >
        {t('twoFactor.reauth.needed')}
      </Alert>
      <ReauthenticateDialog
        isOpen={isOpen}
        needsCode={Boolean(factors.data?.totpEnabledAt)}
        onCancel={() => setIsOpen(false)}
        onDone={() => {
          setIsOpen(false);
          onConfirmed();
        }}
      />
    </>
  );
}

/** 'Confirm it's you': the password and, with an authenticator app, a code from it. */
function ReauthenticateDialog({
  isOpen,
  needsCode,
  onCancel,
  onDone,
}: {
  isOpen: boolean;
  needsCode: boolean;
  onCancel: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const reauthenticate = useReauthenticate();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    reauthenticate.mutate(
      { password, ...(needsCode ? { code: code.trim() } : {}) },
      {
        onSuccess: () => {
          setPassword('');
          setCode('');
          reauthenticate.reset();
          onDone();
        },
      },
    );
  };
  return (
    <Dialog open={isOpen} onClose={onCancel} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{t('twoFactor.reauth.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>{t('twoFactor.reauth.description')}</DialogContentText>
            <ErrorAlert error={reauthenticate.error} />
            <TextField
              label={t('account.password.current')}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              required
              autoFocus
            />
            {needsCode && (
              <TextField
                label={t('twoFactor.reauth.code')}
                autoComplete="one-time-code"
                value={code}
                onChange={(event) => setCode(event.target.value)}
                required
              />
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel}>{t('common.cancel')}</Button>
          <SubmitButton
            isPending={reauthenticate.isPending}
            disabled={!password || (needsCode && !code.trim())}
          >
            {t('twoFactor.reauth.submit')}
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
