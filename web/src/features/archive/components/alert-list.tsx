import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import EventOutlined from '@mui/icons-material/EventOutlined';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { ErrorAlert } from '../../../ui/error-alert';
import { useLang } from '../../../ui/use-lang';
import { removeAlertText } from '../alert-text';
import { useDeleteAlert } from '../api/delete-alert';
import type { Alert } from '../api/list-alerts';

type AlertListProps = {
  fileId: string;
  fileName: string;
  alerts: Alert[];
  onEdit: (alert: Alert) => void;
  /** After a removal, with its text. */
  onRemoved: (text: string) => void;
};

/**
 * The file's pending alerts, soonest first: date, subject, message, recipients, who added it and
 * who changed it since. Edit and remove are offered on the alerts the server says the caller may
 * change (`canEdit`: their own, or any as a workspace administrator). Removing asks 'Are you
 * sure you would like to remove alert %s?'.
 */
export function AlertList({ fileId, fileName, alerts, onEdit, onRemoved }: AlertListProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const remove = useDeleteAlert(fileId);
  // The alert asked about stays named while the dialog closes.
  const [asked, setAsked] = useState<Alert | null>(null);
  const [isAsking, setIsAsking] = useState(false);
  const ask = (alert: Alert) => {
    setAsked(alert);
    setIsAsking(true);
  };

  const onRemove = () => {
    setIsAsking(false);
    if (!asked) return;
    remove.mutate(asked.id, { onSuccess: () => onRemoved(t('archive.alerts.removed')) });
  };

  return (
    <Stack spacing={1.5}>
      <ErrorAlert error={remove.error} />
      <Stack
        component="ul"
        spacing={1.5}
        aria-label={t('archive.alerts.list', { name: fileName })}
        sx={{ listStyle: 'none', m: 0, p: 0 }}
      >
        {alerts.map((alert) => (
          <Card
            key={alert.id}
            component="li"
            variant="outlined"
            aria-label={alert.subject}
            sx={{ p: 2 }}
          >
            <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <Stack spacing={0.75} sx={{ flexGrow: 1, minWidth: 0 }}>
                <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
                  <EventOutlined fontSize="small" color="primary" aria-hidden />
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {alert.date}
                  </Typography>
                </Stack>
                <Typography variant="subtitle1" component="h3" sx={{ overflowWrap: 'anywhere' }}>
                  {alert.subject}
                </Typography>
                {alert.message && (
                  <Typography
                    variant="body2"
                    color="text.secondary"
                    sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                  >
                    {alert.message}
                  </Typography>
                )}
                <Stack
                  direction="row"
                  spacing={0.5}
                  useFlexGap
                  sx={{ flexWrap: 'wrap', alignItems: 'center' }}
                  aria-label={t('archive.alerts.recipients')}
                >
                  {alert.emails.map((email) => (
                    <Chip key={email} label={email} title={email} size="small" />
                  ))}
                </Stack>
                {alert.createdByName && (
                  <Typography variant="caption" color="text.secondary">
                    {t('archive.alerts.createdBy', { name: alert.createdByName })}
                  </Typography>
                )}
                {alert.modifiedByName && alert.modifiedBy !== alert.createdBy && (
                  <Typography variant="caption" color="text.secondary">
                    {t('archive.alerts.changedBy', { name: alert.modifiedByName })}
                  </Typography>
                )}
              </Stack>
              {alert.canEdit && (
                <>
                  <Tooltip title={t('archive.alerts.edit')}>
                    <IconButton
                      size="small"
                      aria-label={t('archive.alerts.editLabel', { subject: alert.subject })}
                      onClick={() => onEdit(alert)}
                    >
                      <EditOutlined fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title={t('archive.alerts.remove')}>
                    <IconButton
                      size="small"
                      aria-label={t('archive.alerts.removeLabel', { subject: alert.subject })}
                      onClick={() => ask(alert)}
                      disabled={remove.isPending && remove.variables === alert.id}
                    >
                      <DeleteOutline fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </>
              )}
            </Stack>
          </Card>
        ))}
      </Stack>
      <ConfirmDialog
        isOpen={isAsking}
        title={t('archive.alerts.remove')}
        text={asked ? removeAlertText(asked.subject, lang) : undefined}
        confirmLabel={t('common.remove')}
        onCancel={() => setIsAsking(false)}
        onConfirm={onRemove}
      />
    </Stack>
  );
}
