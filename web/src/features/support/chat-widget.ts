import { useEffect } from 'react';
import { useSupportContact } from './api/get-support-contact';

/** The id of the chat widget's script tag: one per page, however many screens ask for it. */
export const CHAT_SCRIPT_ID = 'pactum-support-chat';

/**
 * Adds the operator's chat widget script to the page, once: the widget then shows its own
 * button. The Content Security Policy allows the script's origin only while it is configured.
 */
export function loadChatWidget(src: string, doc: Document = document): void {
  if (doc.getElementById(CHAT_SCRIPT_ID)) return;
  const script = doc.createElement('script');
  script.id = CHAT_SCRIPT_ID;
  script.src = src;
  script.async = true;
  doc.head.append(script);
}

/** Loads the chat widget when the operator configured one (SUPPORT_CHAT_SCRIPT_URL). */
export function useChatWidget(): void {
  const src = useSupportContact()?.chatScriptUrl;
  useEffect(() => {
    if (src) loadChatWidget(src);
  }, [src]);
}
