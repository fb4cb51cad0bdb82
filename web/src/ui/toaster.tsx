import Alert from '@mui/material/Alert';
import Slide from '@mui/material/Slide';
import Stack from '@mui/material/Stack';
import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { type Toast, toasts } from './toast-store';

/** The toasts on screen, stacked at the bottom; each closes by itself or by its button. */
export function Toaster() {
  const list = useSyncExternalStore(toasts.subscribe, () => toasts.toasts);
  return (
    <Stack
      spacing={1}
      sx={{
        position: 'fixed',
        zIndex: (theme) => theme.zIndex.snackbar,
        bottom: { xs: 8, sm: 24 },
        left: { xs: 8, sm: 'auto' },
        right: { xs: 8, sm: 24 },
        maxWidth: { sm: 420 },
        pointerEvents: 'none',
      }}
    >
      {list.map((item) => (
        <ToastItem key={item.id} toast={item} />
      ))}
    </Stack>
  );
}

function ToastItem({ toast }: { toast: Toast }) {
  const { t } = useTranslation();
  useEffect(() => {
    const timer = setTimeout(() => toasts.dismiss(toast.id), toast.durationMs);
    return () => clearTimeout(timer);
  }, [toast.id, toast.durationMs]);
  return (
    <Slide direction="up" in>
      <Alert
        variant="filled"
        severity={toast.severity}
        role={toast.severity === 'error' ? 'alert' : 'status'}
        closeText={t('common.close')}
        onClose={() => toasts.dismiss(toast.id)}
        sx={{ pointerEvents: 'auto', boxShadow: 3 }}
      >
        {toast.message}
      </Alert>
    </Slide>
  );
}
