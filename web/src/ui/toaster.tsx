import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainAlert } from './plain/plain-alert';
import { PlainButton } from './plain/plain-button';
import { CloseIcon } from './plain/plain-icons';
import { type Toast, toasts } from './toast-store';

/**
 * The toasts on screen, stacked at the bottom; each closes by itself or by its button. Drawn
 * by the plain kit: it is on every screen, the sign-in page's included.
 */
export function Toaster() {
  const list = useSyncExternalStore(toasts.subscribe, () => toasts.toasts);
  return (
    <div className="pl-toasts">
      {list.map((item) => (
        <ToastItem key={item.id} toast={item} />
      ))}
    </div>
  );
}

function ToastItem({ toast }: { toast: Toast }) {
  const { t } = useTranslation();
  useEffect(() => {
    const timer = setTimeout(() => toasts.dismiss(toast.id), toast.durationMs);
    return () => clearTimeout(timer);
  }, [toast.id, toast.durationMs]);
  const close = () => toasts.dismiss(toast.id);
  return (
    <PlainAlert
      variant="filled"
      severity={toast.severity}
      role={toast.severity === 'error' ? 'alert' : 'status'}
      action={
        <>
          {toast.action && (
            <PlainButton
              onClick={() => {
                close();
                toast.action?.onClick();
              }}
            >
              {toast.action.label}
            </PlainButton>
          )}
          <button
            type="button"
            className="pl-icon-button"
            aria-label={t('common.close')}
            title={t('common.close')}
            onClick={close}
          >
            <CloseIcon />
          </button>
        </>
      }
    >
      {toast.message}
      {toast.detail && (
        <span style={{ display: 'block', fontWeight: 600, overflowWrap: 'anywhere' }}>
          {toast.detail}
        </span>
      )}
    </PlainAlert>
  );
}
