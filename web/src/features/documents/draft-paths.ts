/** The steps of the draft wrapper route `draft/:draftId/<step>` (spec 2 §2.2). */
export type DraftStep = 'title' | 'edit' | 'parties';

export const DRAFT_LIST_PATH = '/dashboard/drafts/list';
export const TEMPLATE_LIST_PATH = '/dashboard/templates/list/all';
export const HOME_PATH = '/dashboard/home';

/** `draft/:draftId/<step>`: title-sharing, draft-edit or draft-send. */
export const draftPath = (draftId: string, step: DraftStep) =>
  `/dashboard/draft/${encodeURIComponent(draftId)}/${step}`;

/** `templates/create/:templateId` (draft-create). */
export const draftCreatePath = (templateId: string) =>
  `/dashboard/templates/create/${encodeURIComponent(templateId)}`;

/** `draft-sent/:draftId`: the progress page after sending. */
export const draftSentPath = (draftId: string) =>
  `/dashboard/draft-sent/${encodeURIComponent(draftId)}`;
