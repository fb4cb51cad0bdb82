import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../app/error-text';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { formatDateTime } from '../../../ui/format';
import { toast } from '../../../ui/toast-store';
import { useLang } from '../../../ui/use-lang';
import { useRevokeApiToken } from '../api/revoke-api-token';
import { apiTokenState } from '../token-state';
import type { ApiToken, ApiTokenOwner } from '../types';

type ApiTokenItemProps = { owner: ApiTokenOwner; token: ApiToken };

/** One token of the list: name, scope, prefix, dates and state, and its Revoke button. */
export function ApiTokenItem({ owner, token }: ApiTokenItemProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const nameId = useId();
  const revoke = useRevokeApiToken(owner);
  const [isConfirming, setIsConfirming] = useState(false);
  const state = apiTokenState(token);

  const onRevoke = () => {
    setIsConfirming(false);
    revoke.mutate(token.id, {
      onSuccess: () => toast.warning(t('apiTokens.revoked', { name: token.name })),
      onError: (error) =>
        toast.error(t('apiTokens.revokeFailed', { message: errorText(error, lang) })),
    });
  };

  const expiry =
    token.expiresAt === null
      ? t('apiTokens.neverExpires')
      : state === 'expired'
        ? t('apiTokens.expiredOn', { date: formatDateTime(token.expiresAt) })
        : t('apiTokens.expires', { date: formatDateTime(token.expiresAt) });

  return (
    <Box component="li" aria-labelledby={nameId}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ alignItems: 'center', flexWrap: 'wrap' }}
          >
            <Typography
              id={nameId}
              sx={{
                fontWeight: 500,
                wordBreak: 'break-word',
                ...(state === 'active' ? {} : { color: 'text.secondary' }),
              }}
            >
              {token.name}
            </Typography>
            <Chip
              size="small"
              variant="outlined"
              color={token.scope === 'write' ? 'primary' : 'default'}
              label={t(`apiTokens.scope.${token.scope}`)}
            />
            {state !== 'active' && (
              <Chip
                size="small"
                color={state === 'revoked' ? 'error' : 'warning'}
                label={t(`apiTokens.state.${state}`)}
              />
            )}
          </Stack>
          <Typography
            variant="body2"
            sx={{ fontFamily: 'monospace', mt: 0.5 }}
            aria-label={t('apiTokens.prefixLabel', { prefix: token.prefix })}
          >
            {token.prefix}…
          </Typography>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
            {[
              t('apiTokens.createdOn', { date: formatDateTime(token.createdAt) }),
              token.lastUsedAt === null
                ? t('apiTokens.neverUsed')
                : t('apiTokens.lastUsed', { date: formatDateTime(token.lastUsedAt) }),
              token.revokedAt === null
                ? expiry
                : t('apiTokens.revokedOn', { date: formatDateTime(token.revokedAt) }),
            ].join(' · ')}
          </Typography>
        </Box>
        {state !== 'revoked' && (
          <Button
            color="error"
            size="small"
            loading={revoke.isPending}
            aria-label={t('apiTokens.revokeNamed', { name: token.name })}
            onClick={() => setIsConfirming(true)}
          >
            {t('apiTokens.revoke')}
          </Button>
        )}
      </Stack>
      <ConfirmDialog
        isOpen={isConfirming}
        title={t('apiTokens.revokeTitle')}
        text={t('apiTokens.revokeText', { name: token.name })}
        confirmLabel={t('apiTokens.revoke')}
        onConfirm={onRevoke}
        onCancel={() => setIsConfirming(false)}
      />
    </Box>
  );
}
