import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainButton } from '../ui/plain/plain-button';
import { isUpgraded, useAppVersion } from './health';

/**
 * Asks to reload when the server has been upgraded since this page loaded ('The app has
 * been upgraded to version X. Reload now?'); 'Later' asks again only for a newer version.
 * A native modal dialog of the plain kit: after an upgrade this page's lazy chunks may be
 * gone from the server, so the question must not need one.
 */
export function VersionWatcher() {
  const { t } = useTranslation();
  const textId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const reload = useRef<HTMLButtonElement>(null);
  const { loaded, current } = useAppVersion();
  const [dismissed, setDismissed] = useState<string>();
  const isOpen = isUpgraded(loaded, current) && dismissed !== current;
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (isOpen && !element.open) {
      element.showModal();
      // The dialog focuses its first button by itself; the answer most want is 'Reload'.
      reload.current?.focus();
    }
    if (!isOpen && element.open) element.close();
  }, [isOpen]);
  return (
    <dialog
      ref={dialog}
      className="pl-dialog"
      aria-describedby={textId}
      // Escape counts as 'Later'.
      onCancel={() => setDismissed(current)}
    >
      {isOpen && (
        <>
          <p id={textId} className="pl-dialog-text">
            {t('app.upgraded', { version: current })}
          </p>
          <div className="pl-dialog-actions">
            <PlainButton onClick={() => setDismissed(current)}>{t('app.later')}</PlainButton>
            <PlainButton ref={reload} variant="contained" onClick={() => window.location.reload()}>
              {t('app.reload')}
            </PlainButton>
          </div>
        </>
      )}
    </dialog>
  );
}
