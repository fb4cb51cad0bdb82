import { useEffect, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { PlainAlert } from './plain/plain-alert';
import { PlainButton } from './plain/plain-button';
import { CloseIcon } from './plain/plain-icons';
import { type Toast, toasts } from './toast-store';

/**
 * The toasts on screen, stacked at the bottom; each closes by itself or by its button. Drawn
 * by the plain kit: it is on every screen, the sign-in page's included.
 *
 * They live in an element of their own beside the app's root, in a layer under MUI's overlays
 * (`.pl-toasts` in plain.css): a toast never covers an open dialog's buttons nor takes their
 * clicks, the dialog's backdrop dims it, and its time does not run out while an overlay hides the
 * page. A modal marks every other child of `<body>` `aria-hidden`; the toasts' element drops that
 * mark again, so that a screen reader still hears them (each toast is a `status` or an `alert`).
 */
export function Toaster() {
  const list = useSyncExternalStore(toasts.subscribe, () => toasts.toasts);
  const host = useToastHost();
  const isCovered = useSyncExternalStore(subscribeToOverlays, isPageCovered, () => false);
  if (!host) return null;
  return createPortal(
    <div className="pl-toasts">
      {list.map((item) => (
        <ToastItem key={item.id} toast={item} isHeld={isCovered} />
      ))}
    </div>,
    host,
  );
}

/** The app's root (index.html), which an open MUI modal hides from screen readers. */
const appRoot = () => document.getElementById('root');

/** Whether a modal overlay (a dialog, a menu, a drawer over the page) hides the page. */
const isPageCovered = () => appRoot()?.getAttribute('aria-hidden') === 'true';

function subscribeToOverlays(onChange: () => void): () => void {
  const root = appRoot();
  if (!root) return () => {};
  const observer = new MutationObserver(onChange);
  observer.observe(root, { attributes: true, attributeFilter: ['aria-hidden'] });
  return () => observer.disconnect();
}

/**
 * The toasts' own element at the end of `<body>`, outside the app's root. MUI's modals set
 * `aria-hidden` on every sibling of theirs when they open (ModalManager's `ariaHiddenSiblings`),
 * this one too: it is taken off again at once, as toasts are news, not the page behind.
 */
function useToastHost(): HTMLElement | null {
  const [host, setHost] = useState<HTMLElement | null>(null);
  useEffect(() => {
    const element = document.createElement('div');
    element.className = 'pl-toasts-host';
    document.body.append(element);
    const observer = new MutationObserver(() => {
      if (element.hasAttribute('aria-hidden')) element.removeAttribute('aria-hidden');
    });
    observer.observe(element, { attributes: true, attributeFilter: ['aria-hidden'] });
    setHost(element);
    return () => {
      observer.disconnect();
      element.remove();
    };
  }, []);
  return host;
}

/** One toast. `isHeld`: an overlay hides it, so its time starts again once the overlay closes. */
function ToastItem({ toast, isHeld }: { toast: Toast; isHeld: boolean }) {
  const { t } = useTranslation();
  useEffect(() => {
    if (isHeld) return undefined;
    const timer = setTimeout(() => toasts.dismiss(toast.id), toast.durationMs);
    return () => clearTimeout(timer);
  }, [toast.id, toast.durationMs, isHeld]);
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
