import Close from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
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
        action={
          toast.action ? (
            <>
              <Button
                color="inherit"
                size="small"
                onClick={() => {
                  toasts.dismiss(toast.id);
                  toast.action?.onClick();
                }}
              >
                {toast.action.label}
              </Button>
              <CloseButton onClose={() => toasts.dismiss(toast.id)} />
            </>
          ) : undefined
        }
        sx={{ pointerEvents: 'auto', boxShadow: 3 }}
      >
        {toast.message}
        {toast.detail && (
          <Box
            component="span"
            sx={{ display: 'block', fontWeight: 600, overflowWrap: 'anywhere' }}
          >
            {toast.detail}
          </Box>
        )}
      </Alert>
    </Slide>
  );
}

/** The close button an alert has by itself, for toasts that bring their own action. */
function CloseButton({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <IconButton size="small" color="inherit" aria-label={t('common.close')} onClick={onClose}>
      <Close fontSize="small" />
    </IconButton>
  );
}
