/**
 * The sent-deal page greets the sender once, on the first open after sending (spec 2 §2.3).
 * The draft-sent page leaves a note per deal in the tab's session storage; the sent-deal page
 * takes it (and so shows the greeting once).
 */
export type JustSentNote = { title: string; receivers: string };

const key = (dealId: string) => `pactum.justSent.${dealId}`;

function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

export function markJustSent(dealId: string, note: JustSentNote): void {
  try {
    storage()?.setItem(key(dealId), JSON.stringify(note));
  } catch {
    // Without storage there is no greeting; the deal still opens.
  }
}

/** The note of a just-sent deal, removed as it is read. */
export function takeJustSent(dealId: string): JustSentNote | undefined {
  const store = storage();
  const text = store?.getItem(key(dealId));
  if (!text) return undefined;
  store?.removeItem(key(dealId));
  try {
    const note = JSON.parse(text) as Partial<JustSentNote>;
    return typeof note.title === 'string' && typeof note.receivers === 'string'
      ? { title: note.title, receivers: note.receivers }
      : undefined;
  } catch {
    return undefined;
  }
}

/** Drafts this tab has just queued for sending: their pages go on to the progress page. */
const queuedDrafts = new Set<string>();

export function markQueued(draftId: string): void {
  queuedDrafts.add(draftId);
}

/** Whether this tab sent the draft (its wrapper then shows the progress, not the status). */
export function isQueuedHere(draftId: string): boolean {
  return queuedDrafts.has(draftId);
}
