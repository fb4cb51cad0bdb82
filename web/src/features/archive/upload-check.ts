import { DEFAULT_ARCHIVE_MAX_BYTES } from '@pactum/core/archive';
import { formatMb, isPdfName } from '@pactum/core/files';
import type { Lang } from '@pactum/core/validation';
import { codeText } from '../../app/error-text';
import { LocalError } from '../../app/http';

/** Why a file cannot go into the archive before anything is sent (spec 1 §5, §9). */
export type UploadRefusal = 'notPdf' | 'tooLarge';

/** The archive takes PDFs (application/pdf) of at most 24 MB; the server reads the bytes again. */
export function uploadRefusal(
  file: { name: string; size: number; type: string },
  maxBytes = DEFAULT_ARCHIVE_MAX_BYTES,
): UploadRefusal | undefined {
  if (file.type !== 'application/pdf' && !isPdfName(file.name)) return 'notPdf';
  if (file.size > maxBytes) return 'tooLarge';
  return undefined;
}

/**
 * The refusal as the server's code would say it ('archive_not_pdf', 'file_too_large'), in
 * both languages: the same text whether the browser or the server stopped the file.
 */
export function refusalError(
  refusal: UploadRefusal,
  file: { name: string; size: number },
  maxBytes = DEFAULT_ARCHIVE_MAX_BYTES,
): LocalError {
  const text = (lang: Lang) =>
    refusal === 'notPdf'
      ? codeText('archive_not_pdf', lang, { name: file.name })
      : codeText('file_too_large', lang, {
          maxMb: formatMb(maxBytes),
          name: file.name,
          sizeMb: formatMb(file.size),
        });
  return new LocalError({ en: text('en'), fi: text('fi') });
}
