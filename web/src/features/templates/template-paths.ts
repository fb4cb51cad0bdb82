import type { TemplateFilter } from '@pactum/core/templates';

/** The library (spec 2 §2.1, templates/list/:routeFilter). */
export const templateListPath = (filter: TemplateFilter = 'all') =>
  `/dashboard/templates/list/${filter}`;
export const TEMPLATE_ADD_PATH = '/dashboard/templates/add';
/** The Word import entry point; the imports area provides the route. */
export const TEMPLATE_IMPORT_PATH = '/dashboard/templates/import';
export const templateEditPath = (id: string) =>
  `/dashboard/templates/edit/${encodeURIComponent(id)}`;
export const templateViewPath = (id: string) =>
  `/dashboard/templates/view/${encodeURIComponent(id)}`;
/** draft-create: makes a draft of the template (the drafts area provides the route). */
export const draftCreatePath = (id: string) =>
  `/dashboard/templates/create/${encodeURIComponent(id)}`;
