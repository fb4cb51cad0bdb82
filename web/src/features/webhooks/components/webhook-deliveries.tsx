import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { WEBHOOK_DELIVERIES_PAGE_SIZE, type WebhookDeliveryState } from '@pactum/core/webhooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../ui/error-alert';
import { formatDateTime } from '../../../ui/format';
import { useTablePaginationLabels } from '../../../ui/use-table-pagination-labels';
import { useWebhookDeliveries } from '../api/list-webhook-deliveries';
import { webhookEventKey } from '../event-labels';
import type { WebhookEndpoint } from '../types';

const stateColours: Record<WebhookDeliveryState, 'success' | 'default' | 'error'> = {
  delivered: 'success',
  pending: 'default',
  failed: 'error',
};

/** An endpoint's delivery log, newest first, 20 a page. */
export function WebhookDeliveries({
  workspaceId,
  endpoint,
}: {
  workspaceId: string;
  endpoint: WebhookEndpoint;
}) {
  const { t } = useTranslation();
  const paginationLabels = useTablePaginationLabels();
  const [page, setPage] = useState(0);
  const deliveries = useWebhookDeliveries(workspaceId, endpoint.id, page + 1);
  const title = t('webhooks.deliveries.title', { url: endpoint.url });
  if (deliveries.isPending) return <Skeleton variant="rounded" height={120} />;
  if (deliveries.isError) {
    return (
      <Box>
        <ErrorAlert error={deliveries.error} fallback={t('webhooks.deliveries.loadFailed')} />
        <Button sx={{ mt: 1 }} onClick={() => deliveries.refetch()}>
          {t('common.tryAgain')}
        </Button>
      </Box>
    );
  }
  if (deliveries.data.total === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('webhooks.deliveries.empty')}
      </Typography>
    );
  }
  return (
    <Box>
      <TableContainer>
        <Table size="small" aria-label={title}>
          <TableHead>
            <TableRow>
              <TableCell>{t('webhooks.deliveries.event')}</TableCell>
              <TableCell>{t('webhooks.deliveries.time')}</TableCell>
              <TableCell>{t('webhooks.deliveries.state')}</TableCell>
              <TableCell align="right">{t('webhooks.deliveries.status')}</TableCell>
              <TableCell align="right">{t('webhooks.deliveries.attempts')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {deliveries.data.items.map((delivery) => {
              const eventKey = webhookEventKey(delivery.eventType);
              return (
                <TableRow key={delivery.id}>
                  <TableCell>
                    {eventKey ? t(`webhooks.events.${eventKey}`) : delivery.eventType}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {formatDateTime(delivery.lastAttemptAt ?? delivery.createdAt)}
                  </TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      color={stateColours[delivery.state]}
                      label={t(`webhooks.deliveries.states.${delivery.state}`)}
                    />
                  </TableCell>
                  <TableCell align="right" title={delivery.lastError ?? undefined}>
                    {delivery.lastStatusCode ?? (delivery.lastError ? '–' : '')}
                  </TableCell>
                  <TableCell align="right">{delivery.attempts}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={deliveries.data.total}
        page={page}
        rowsPerPage={WEBHOOK_DELIVERIES_PAGE_SIZE}
        rowsPerPageOptions={[WEBHOOK_DELIVERIES_PAGE_SIZE]}
        onPageChange={(_event, next) => setPage(next)}
        {...paginationLabels}
      />
    </Box>
  );
}
