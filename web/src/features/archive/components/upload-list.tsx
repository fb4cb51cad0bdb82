import Close from '@mui/icons-material/Close';
import PlayArrow from '@mui/icons-material/PlayArrow';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../app/error-text';
import { UploadProgressRow } from '../../../ui/upload-progress-row';
import { useLang } from '../../../ui/use-lang';
import type { UploadQueue, UploadRow } from '../upload-queue';

type UploadListProps = { queue: UploadQueue; rows: readonly UploadRow[] };

/** The files going into the folder, each with its progress bar, or why it was stopped. */
export function UploadList({ queue, rows }: UploadListProps) {
  const { t } = useTranslation();
  if (rows.length === 0) return null;
  return (
    <Card variant="outlined" component="section" aria-label={t('archive.upload.listLabel')}>
      <CardContent>
        <Stack spacing={1.5}>
          {rows.map((row) => (
            <UploadListRow key={row.key} row={row} queue={queue} />
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}

function UploadListRow({ row, queue }: { row: UploadRow; queue: UploadQueue }) {
  const { t } = useTranslation();
  const lang = useLang();
  const label = [...row.path, row.name].join(' / ');
  if (row.stage === 'failed') {
    return (
      <Alert
        severity="error"
        action={
          <Stack direction="row">
            {row.canResume && (
              <IconButton
                size="small"
                color="inherit"
                aria-label={t('uploads.resume')}
                onClick={() => queue.resume(row.key)}
              >
                <PlayArrow fontSize="small" />
              </IconButton>
            )}
            <IconButton
              size="small"
              color="inherit"
              aria-label={row.canResume ? t('uploads.cancel') : t('archive.upload.dismiss')}
              onClick={() => queue.cancel(row.key)}
            >
              <Close fontSize="small" />
            </IconButton>
          </Stack>
        }
      >
        <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {label}
        </Typography>
        {errorText(row.error, lang)}
      </Alert>
    );
  }
  if (row.stage === 'filing' || row.stage === 'done') {
    return (
      <Stack spacing={0.5} aria-live="polite">
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {label}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {row.stage === 'done' ? t('archive.upload.done') : t('archive.upload.filing')}
          </Typography>
        </Stack>
        <LinearProgress
          variant={row.stage === 'done' ? 'determinate' : 'indeterminate'}
          value={100}
          aria-label={t('uploads.progress', { name: label })}
        />
      </Stack>
    );
  }
  return (
    <UploadProgressRow
      progress={{ ...row.progress, name: label }}
      onPause={() => queue.pause(row.key)}
      onResume={() => queue.resume(row.key)}
      onCancel={() => queue.cancel(row.key)}
    />
  );
}
