import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { changeEmailSchema, ssoProviderNames } from '@pactum/core/auth';
import { translateMessage } from '@pactum/core/validation';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../ui/error-alert';
import { useLang } from '../../../ui/use-lang';
import type { Me } from '../../auth';
import { useChangeEmail } from '../api/change-email';

/**
 * The sign-in address. A password user may change it: a confirmation link goes to the new
 * address and the change happens when it is opened. A single sign-on user's address belongs
 * to the provider.
 */
export function EmailField({ me }: { me: Me }) {
  const { t } = useTranslation();
  const lang = useLang();
  const change = useChangeEmail();
  const [email, setEmail] = useState(me.email);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const isLocked = me.ssoProvider !== null || me.isProtectedDomain;
  const parsed = changeEmailSchema.safeParse({ email });
  const isChanged = email.trim().toLowerCase() !== me.email;
  const error =
    isChanged && !parsed.success
      ? translateMessage(parsed.error.issues[0]?.message ?? '', lang)
      : undefined;
  const help = me.ssoProvider
    ? t('account.info.emailSso', { provider: ssoProviderNames[me.ssoProvider] })
    : isLocked
      ? t('account.info.emailProtected')
      : t('account.info.emailChangeHelp');
  const submit = () => {
    if (!parsed.success) return;
    change.mutate(parsed.data, {
      onSuccess: () => {
        setSentTo(parsed.data.email);
        setEmail(me.email);
      },
    });
  };
  return (
    <Stack spacing={1}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'flex-start' }}>
        <TextField
          fullWidth
          label={t('account.info.email')}
          type="email"
          autoComplete="email"
          value={email}
          disabled={isLocked}
          onChange={(event) => setEmail(event.target.value)}
          error={error !== undefined}
          helperText={error ?? help}
        />
        {isChanged && !isLocked ? (
          <Button
            variant="outlined"
            onClick={submit}
            disabled={!parsed.success || change.isPending}
            sx={{ flexShrink: 0, mt: { sm: 1 } }}
          >
            {t('account.info.emailChange')}
          </Button>
        ) : null}
      </Stack>
      <ErrorAlert error={change.error} />
      {sentTo ? (
        <Alert severity="info" role="status">
          {t('account.info.emailChangeSent', { email: sentTo })}
        </Alert>
      ) : null}
    </Stack>
  );
}
