import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TwoFactorStatus } from '@pactum/core/api/two-factor';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../app/http';
import { ErrorAlert } from '../../../ui/error-alert';
import { formatDateTime } from '../../../ui/format';
import { SettingsCard } from '../../../ui/settings-card';
import { SubmitButton } from '../../../ui/submit-button';
import { toast } from '../../../ui/toast-store';
import {
  useAddPasskey,
  useConfirmTotp,
  useDisableTotp,
  useRegenerateRecoveryCodes,
  useRemovePasskey,
  useStartTotp,
} from '../api/change-factors';
import { useTwoFactor } from '../api/get-two-factor';
import { useReauthentication } from './reauthenticate-dialog';

/**
 * 'Two-step sign-in' in account settings: the authenticator app (set up with its key and a code
 * from it), passkeys, and recovery codes, each change confirmed with the password when the
 * sign-in is older than 15 minutes.
 */
export function TwoFactorCard() {
  const { t } = useTranslation();
  const status = useTwoFactor();
  const [shownCodes, setShownCodes] = useState<string[]>([]);
  const { run, dialog } = useReauthentication({
    needsCode: status.data?.totpEnabledAt !== null && status.data?.totpEnabledAt !== undefined,
  });
  const showCodes = (codes: string[]) => {
    if (codes.length > 0) setShownCodes(codes);
  };
  return (
    <SettingsCard
      id="two-factor"
      title={t('twoFactor.title')}
      description={t('twoFactor.description')}
    >
      {status.data ? (
        <Stack spacing={2} divider={<Divider flexItem />}>
          {status.data.isRequired && (
            <Alert severity="warning">{t('twoFactor.requiredByWorkspace')}</Alert>
          )}
          <TotpSection status={status.data} run={run} onCodes={showCodes} />
          <PasskeysSection status={status.data} run={run} onCodes={showCodes} />
          <RecoverySection status={status.data} run={run} onCodes={showCodes} />
        </Stack>
      ) : status.isError ? (
        <ErrorAlert error={status.error} />
      ) : (
        <Skeleton variant="rounded" height={160} />
      )}
      {dialog}
      <RecoveryCodesDialog codes={shownCodes} onClose={() => setShownCodes([])} />
    </SettingsCard>
  );
}

type SectionProps = {
  status: TwoFactorStatus;
  run: ReturnType<typeof useReauthentication>['run'];
  onCodes: (codes: string[]) => void;
};

function TotpSection({ status, run, onCodes }: SectionProps) {
  const { t } = useTranslation();
  const start = useStartTotp();
  const confirm = useConfirmTotp();
  const disable = useDisableTotp();
  const [code, setCode] = useState('');
  const setup = start.data;
  const isOn = status.totpEnabledAt !== null;

  const begin = () =>
    run((needsReauth) => start.mutate(undefined, { onError: (error) => needsReauth(error) }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    run((needsReauth) =>
      confirm.mutate(
        { code: code.trim() },
        {
          onSuccess: (result) => {
            setCode('');
            start.reset();
            toast.success(t('twoFactor.totp.enabled'));
            onCodes(result.recoveryCodes);
          },
          onError: (error) => needsReauth(error),
        },
      ),
    );
  };
  const remove = () =>
    run((needsReauth) =>
      disable.mutate(undefined, {
        onSuccess: () => toast.success(t('twoFactor.totp.removed')),
        onError: (error) => needsReauth(error),
      }),
    );

  return (
    <Stack spacing={1.5} component="section" aria-label={t('twoFactor.totp.title')}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {t('twoFactor.totp.title')}
      </Typography>
      <Typography variant="body2">
        {isOn
          ? t('twoFactor.totp.on', { date: formatDateTime(status.totpEnabledAt ?? '') })
          : t('twoFactor.totp.off')}
      </Typography>
      <ShownError error={start.error ?? disable.error} />
      {isOn ? (
        <Box>
          <Button variant="outlined" color="error" onClick={remove} loading={disable.isPending}>
            {t('twoFactor.totp.remove')}
          </Button>
        </Box>
      ) : setup ? (
        <Stack spacing={2} component="form" noValidate onSubmit={submit}>
          <Typography variant="body2">{t('twoFactor.totp.instructions')}</Typography>
          <TextField
            label={t('twoFactor.totp.key')}
            value={setup.secret.replace(/(.{4})/g, '$1 ').trim()}
            slotProps={{ input: { readOnly: true, sx: { fontFamily: 'monospace' } } }}
            onFocus={(event) => event.target.select()}
          />
          <Link href={setup.uri}>{t('twoFactor.totp.openApp')}</Link>
          <ShownError error={confirm.error} />
          <TextField
            label={t('twoFactor.totp.code')}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            autoComplete="one-time-code"
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            required
          />
          <Stack direction="row" spacing={1}>
            <SubmitButton isPending={confirm.isPending} disabled={code.trim().length < 6}>
              {t('twoFactor.totp.turnOn')}
            </SubmitButton>
            <Button onClick={() => start.reset()}>{t('common.cancel')}</Button>
          </Stack>
        </Stack>
      ) : (
        <Box>
          <Button variant="contained" onClick={begin} loading={start.isPending}>
            {t('twoFactor.totp.setUp')}
          </Button>
        </Box>
      )}
    </Stack>
  );
}

function PasskeysSection({ status, run, onCodes }: SectionProps) {
  const { t } = useTranslation();
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const [name, setName] = useState('');
  const nameId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const keyName = name.trim() || t('twoFactor.passkeys.defaultName');
    run((needsReauth) =>
      add.mutate(
        { name: keyName },
        {
          onSuccess: (result) => {
            setName('');
            toast.success(t('twoFactor.passkeys.added', { name: keyName }));
            onCodes(result.recoveryCodes);
          },
          onError: (error) => needsReauth(error),
        },
      ),
    );
  };
  return (
    <Stack spacing={1.5} component="section" aria-label={t('twoFactor.passkeys.title')}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {t('twoFactor.passkeys.title')}
      </Typography>
      {status.passkeys.length === 0 ? (
        <Typography variant="body2">{t('twoFactor.passkeys.none')}</Typography>
      ) : (
        <List dense disablePadding aria-label={t('twoFactor.passkeys.title')}>
          {status.passkeys.map((key) => (
            <ListItem
              key={key.id}
              disableGutters
              secondaryAction={
                <Button
                  color="error"
                  aria-label={t('twoFactor.passkeys.removeNamed', { name: key.name })}
                  onClick={() =>
                    run((needsReauth) =>
                      remove.mutate(key.id, { onError: (error) => needsReauth(error) }),
                    )
                  }
                >
                  {t('twoFactor.passkeys.remove')}
                </Button>
              }
            >
              <ListItemText
                primary={key.name}
                secondary={
                  key.lastUsedAt
                    ? t('twoFactor.passkeys.lastUsed', { date: formatDateTime(key.lastUsedAt) })
                    : t('twoFactor.passkeys.addedAt', { date: formatDateTime(key.createdAt) })
                }
              />
            </ListItem>
          ))}
        </List>
      )}
      <ShownError
        error={add.error ?? remove.error}
        describe={(error) =>
          error instanceof ApiError ? undefined : t('twoFactor.passkeys.failed')
        }
      />
      <Stack direction="row" spacing={1} component="form" noValidate onSubmit={submit}>
        <TextField
          id={nameId}
          size="small"
          label={t('twoFactor.passkeys.name')}
          value={name}
          onChange={(event) => setName(event.target.value.slice(0, 60))}
          placeholder={t('twoFactor.passkeys.defaultName')}
        />
        <SubmitButton variant="outlined" isPending={add.isPending}>
          {t('twoFactor.passkeys.add')}
        </SubmitButton>
      </Stack>
    </Stack>
  );
}

function RecoverySection({ status, run, onCodes }: SectionProps) {
  const { t } = useTranslation();
  const regenerate = useRegenerateRecoveryCodes();
  const hasFactor = status.totpEnabledAt !== null || status.passkeys.length > 0;
  if (!hasFactor) return null;
  return (
    <Stack spacing={1.5} component="section" aria-label={t('twoFactor.recovery.title')}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {t('twoFactor.recovery.title')}
      </Typography>
      <Typography variant="body2">
        {t('twoFactor.recovery.left', { count: status.recoveryCodesLeft })}
      </Typography>
      <ShownError error={regenerate.error} />
      <Box>
        <Button
          variant="outlined"
          loading={regenerate.isPending}
          onClick={() =>
            run((needsReauth) =>
              regenerate.mutate(undefined, {
                onSuccess: (result) => onCodes(result.recoveryCodes),
                onError: (error) => needsReauth(error),
              }),
            )
          }
        >
          {t('twoFactor.recovery.regenerate')}
        </Button>
      </Box>
    </Stack>
  );
}

/** A failed call's alert, except the re-authentication the dialog handles. */
function ShownError({
  error,
  describe,
}: {
  error: unknown;
  describe?: (error: unknown) => string | undefined;
}) {
  if (error instanceof ApiError && error.code === 'reauthentication_required') return null;
  return <ErrorAlert error={error} describe={describe} />;
}

/** The recovery codes, shown once: to be kept somewhere safe. */
function RecoveryCodesDialog({ codes, onClose }: { codes: string[]; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      toast.success(t('twoFactor.recovery.copied'));
    } catch {
      toast.error(t('common.copyFailed'));
    }
  };
  return (
    <Dialog open={codes.length > 0} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{t('twoFactor.recovery.shownTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Alert severity="warning">{t('twoFactor.recovery.shownWarning')}</Alert>
          <Box
            component="ul"
            aria-label={t('twoFactor.recovery.title')}
            sx={{
              fontFamily: 'monospace',
              fontSize: 16,
              columns: 2,
              listStyle: 'none',
              p: 0,
              m: 0,
            }}
          >
            {codes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={copy}>{t('twoFactor.recovery.copy')}</Button>
        <Button variant="contained" onClick={onClose}>
          {t('twoFactor.recovery.saved')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
