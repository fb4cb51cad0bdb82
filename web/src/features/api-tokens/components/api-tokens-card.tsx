import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../ui/error-alert';
import { SettingsCard } from '../../../ui/settings-card';
import { useApiTokens } from '../api/list-api-tokens';
import { ApiTokenItem } from './api-token-item';
import { CreateApiTokenDialog } from './create-api-token-dialog';

type ApiTokensCardProps = {
  /** A workspace's tokens (the page shows the card to its administrators only); else the user's. */
  workspaceId?: string;
};

/**
 * API tokens for the public API: the user's own on the account page, a workspace's on its page.
 * Lists them (revoked ones too), makes one (its text shown once) and revokes one.
 */
export function ApiTokensCard({ workspaceId }: ApiTokensCardProps) {
  const { t } = useTranslation();
  const owner = { workspaceId };
  const tokens = useApiTokens(owner);
  const [isCreating, setIsCreating] = useState(false);
  const listLabel = t('apiTokens.title');
  return (
    <SettingsCard
      title={t('apiTokens.title')}
      description={
        workspaceId === undefined
          ? t('apiTokens.descriptionPersonal')
          : t('apiTokens.descriptionWorkspace')
      }
      actions={
        <Button variant="outlined" startIcon={<Add />} onClick={() => setIsCreating(true)}>
          {t('apiTokens.create')}
        </Button>
      }
    >
      {tokens.isPending ? (
        <Stack spacing={1} aria-busy="true" aria-label={listLabel}>
          <Skeleton variant="rounded" height={56} />
          <Skeleton variant="rounded" height={56} />
        </Stack>
      ) : tokens.isError ? (
        <Box>
          <ErrorAlert error={tokens.error} fallback={t('apiTokens.loadFailed')} />
          <Button sx={{ mt: 1 }} onClick={() => tokens.refetch()}>
            {t('common.tryAgain')}
          </Button>
        </Box>
      ) : tokens.data.length === 0 ? (
        <Typography color="text.secondary">{t('apiTokens.empty')}</Typography>
      ) : (
        <Stack
          component="ul"
          spacing={2}
          aria-label={listLabel}
          sx={{ listStyle: 'none', m: 0, p: 0 }}
        >
          {tokens.data.map((token, index) => (
            <Fragment key={token.id}>
              {index > 0 && <Divider component="li" aria-hidden="true" />}
              <ApiTokenItem owner={owner} token={token} />
            </Fragment>
          ))}
        </Stack>
      )}
      {isCreating && <CreateApiTokenDialog owner={owner} onClose={() => setIsCreating(false)} />}
    </SettingsCard>
  );
}
