/** Where the import pages lead (spec 2 §2.1). */
export const TEMPLATES_PATH = '/dashboard/templates/list/all';
export const IMPORT_UPLOAD_PATH = '/dashboard/templates/import';
export const importWizardPath = (importId: string) =>
  `/dashboard/templates/import/${encodeURIComponent(importId)}`;
export const templateEditPath = (templateId: string) =>
  `/dashboard/templates/edit/${encodeURIComponent(templateId)}`;
/** The example Word document shipped with the app (web/public/examples). */
export const EXAMPLE_DOCX_URL = '/examples/pactum-import-example.docx';
