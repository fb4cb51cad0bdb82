import Close from '@mui/icons-material/Close';
import Pause from '@mui/icons-material/Pause';
import PlayArrow from '@mui/icons-material/PlayArrow';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { UploadProgress } from './resumable-upload';

type UploadProgressRowProps = {
  progress: UploadProgress;
  onPause: () => void;
  onResume: () => void;
  onCancel: () => void;
};

/** A running upload: its name, a progress bar and pause, resume and cancel (spec 2 §4.6). */
export function UploadProgressRow({
  progress,
  onPause,
  onResume,
  onCancel,
}: UploadProgressRowProps) {
  const { t } = useTranslation();
  const percent = progress.size > 0 ? Math.round((progress.offset / progress.size) * 100) : 0;
  const isActive = progress.status === 'running' || progress.status === 'paused';
  return (
    <Stack spacing={0.5} aria-live="polite">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="body2" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          {progress.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {progress.status === 'paused' ? t('uploads.paused', { percent }) : `${percent} %`}
        </Typography>
        {progress.status === 'running' && (
          <IconButton size="small" aria-label={t('uploads.pause')} onClick={onPause}>
            <Pause fontSize="small" />
          </IconButton>
        )}
        {(progress.status === 'paused' || progress.status === 'error') && (
          <IconButton size="small" aria-label={t('uploads.resume')} onClick={onResume}>
            <PlayArrow fontSize="small" />
          </IconButton>
        )}
        {(isActive || progress.status === 'error') && (
          <IconButton size="small" aria-label={t('uploads.cancel')} onClick={onCancel}>
            <Close fontSize="small" />
          </IconButton>
        )}
      </Stack>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label={t('uploads.progress', { name: progress.name })}
      />
    </Stack>
  );
}
