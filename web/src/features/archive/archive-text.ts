import { archiveMessages, cutName } from '@pactum/core/archive';
import { formatMessage } from '@pactum/core/drafts';
import { type Lang, translateMessage } from '@pactum/core/validation';

/*
 * The spec's archive texts (spec 1 §2, §5) are written once, in `archiveMessages` of
 * `@pactum/core/archive`, in both languages; the forms' shared schemas give the English one.
 */

/** A form field's message: the folder name rule in the user's language, or a shared key's text. */
export function archiveFieldText(message: string, lang: Lang): string {
  if (message === archiveMessages.en.folderName) return archiveMessages[lang].folderName;
  return translateMessage(message, lang);
}

/** 'Are you sure you would like to delete folder %s?' */
export const deleteFolderText = (name: string, lang: Lang) =>
  formatMessage(archiveMessages[lang].deleteFolder, name);

/** 'Are you sure you would like to delete file %s?', the name cut to 40 characters. */
export const deleteFileText = (name: string, lang: Lang) =>
  formatMessage(archiveMessages[lang].deleteFile, cutName(name));

/** Whether two lists of ids hold the same ids, in any order. */
export function isSameIds(a: readonly string[], b: readonly string[]): boolean {
  const left = new Set(a);
  return left.size === new Set(b).size && b.every((id) => left.has(id));
}
