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
import { useWebhooks } from '../api/list-webhooks';
import { AddWebhookDialog } from './add-webhook-dialog';
import { WebhookEndpointItem } from './webhook-endpoint-item';

/**
 * The workspace's webhook endpoints (administrators only; the page shows the card to them
 * alone): add one (its signing secret shown once), send a test event, read the delivery log,
 * delete one.
 */
export function WebhooksCard({ workspaceId }: { workspaceId: string }) {
  const { t } = useTranslation();
  const webhooks = useWebhooks(workspaceId);
  const [isAdding, setIsAdding] = useState(false);
  return (
    <SettingsCard
      title={t('webhooks.title')}
      description={t('webhooks.description')}
      actions={
        <Button variant="outlined" startIcon={<Add />} onClick={() => setIsAdding(true)}>
          {t('webhooks.add')}
        </Button>
      }
    >
      {webhooks.isPending ? (
        <Skeleton variant="rounded" height={96} />
      ) : webhooks.isError ? (
        <Box>
          <ErrorAlert error={webhooks.error} fallback={t('webhooks.loadFailed')} />
          <Button sx={{ mt: 1 }} onClick={() => webhooks.refetch()}>
            {t('common.tryAgain')}
          </Button>
        </Box>
      ) : webhooks.data.length === 0 ? (
        <Typography color="text.secondary">{t('webhooks.empty')}</Typography>
      ) : (
        <Stack spacing={2}>
          {webhooks.data.map((endpoint, index) => (
            <Fragment key={endpoint.id}>
              {index > 0 && <Divider />}
              <WebhookEndpointItem workspaceId={workspaceId} endpoint={endpoint} />
            </Fragment>
          ))}
        </Stack>
      )}
      {isAdding && (
        <AddWebhookDialog workspaceId={workspaceId} onClose={() => setIsAdding(false)} />
      )}
    </SettingsCard>
  );
}
