import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../app/error-text';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { formatDateTime } from '../../../ui/format';
import { toast } from '../../../ui/toast-store';
import { useLang } from '../../../ui/use-lang';
import { useDeleteWebhook } from '../api/delete-webhook';
import { useSendTestWebhook } from '../api/send-test-webhook';
import { webhookEventKeys } from '../event-labels';
import type { WebhookEndpoint } from '../types';
import { WebhookDeliveries } from './webhook-deliveries';

type WebhookEndpointItemProps = { workspaceId: string; endpoint: WebhookEndpoint };

/** One endpoint: its address, events and date, its actions and (opened) its delivery log. */
export function WebhookEndpointItem({ workspaceId, endpoint }: WebhookEndpointItemProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const logId = useId();
  const sendTest = useSendTestWebhook(workspaceId);
  const remove = useDeleteWebhook(workspaceId);
  const [isLogOpen, setIsLogOpen] = useState(false);
  const [isRemoving, setIsRemoving] = useState(false);

  const onSendTest = () =>
    sendTest.mutate(endpoint.id, {
      onSuccess: () => {
        toast.success(t('webhooks.testQueued', { url: endpoint.url }));
        setIsLogOpen(true);
      },
      onError: (error) =>
        toast.error(t('webhooks.testFailed', { message: errorText(error, lang) })),
    });

  const onRemove = () => {
    setIsRemoving(false);
    remove.mutate(endpoint.id, {
      onSuccess: () => toast.warning(t('webhooks.removed')),
      onError: (error) =>
        toast.error(t('webhooks.removeFailed', { message: errorText(error, lang) })),
    });
  };

  return (
    <Box component="article" aria-label={endpoint.url}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography sx={{ fontFamily: 'monospace', wordBreak: 'break-all', fontWeight: 500 }}>
            {endpoint.url}
          </Typography>
          {endpoint.description && (
            <Typography variant="body2" color="text.secondary">
              {endpoint.description}
            </Typography>
          )}
          <Stack
            direction="row"
            spacing={0.5}
            useFlexGap
            sx={{ flexWrap: 'wrap', mt: 1 }}
            aria-label={t('webhooks.eventsLabel')}
          >
            {endpoint.events.map((type) => (
              <Chip
                key={type}
                size="small"
                label={t(`webhooks.events.${webhookEventKeys[type]}`)}
              />
            ))}
          </Stack>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
            {t('webhooks.created', { date: formatDateTime(endpoint.createdAt) })}
          </Typography>
        </Box>
        <IconButton
          aria-label={t('webhooks.remove', { url: endpoint.url })}
          disabled={remove.isPending}
          onClick={() => setIsRemoving(true)}
        >
          <DeleteOutline />
        </IconButton>
      </Stack>
      <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap' }}>
        <Button size="small" variant="outlined" loading={sendTest.isPending} onClick={onSendTest}>
          {t('webhooks.sendTest')}
        </Button>
        <Button
          size="small"
          aria-expanded={isLogOpen}
          aria-controls={logId}
          onClick={() => setIsLogOpen((isOpen) => !isOpen)}
        >
          {isLogOpen ? t('webhooks.hideLog') : t('webhooks.showLog')}
        </Button>
      </Stack>
      {isLogOpen && (
        <Box id={logId} sx={{ mt: 2 }}>
          <WebhookDeliveries workspaceId={workspaceId} endpoint={endpoint} />
        </Box>
      )}
      <ConfirmDialog
        isOpen={isRemoving}
        title={t('webhooks.removeTitle')}
        text={t('webhooks.removeText', { url: endpoint.url })}
        confirmLabel={t('webhooks.removeConfirm')}
        onConfirm={onRemove}
        onCancel={() => setIsRemoving(false)}
      />
    </Box>
  );
}
