import { z } from 'zod';
import { documentCollections } from './documents';
import { plainText } from './validation';

/**
 * Uploads and attachments (spec 2 §3 attachment, §4.6, §5, §7.4): the contracts of the
 * resumable upload protocol and of the attachment list, and the size rule's message.
 */

/** The default attachment and Word-import size limit (the server reads ATTACHMENT_MAX_BYTES). */
export const DEFAULT_ATTACHMENT_MAX_BYTES = 10_485_760;
/** Longest file name an attachment or a Word import keeps (spec 1 §5: short text max 250). */
export const UPLOAD_NAME_MAX = 250;
/** Bytes per MB in the size message (spec 2 §5). */
export const BYTES_PER_MB = 1_048_576;
/** Largest chunk the server takes in one `PATCH /uploads/:id`. */
export const UPLOAD_CHUNK_SIZE = 1_048_576;

export const uploadPurposes = ['attachment', 'import', 'archive'] as const;
export type UploadPurpose = (typeof uploadPurposes)[number];

/** What a stored file is for: the upload purposes, a deal's signed PDF, or a PDF sent to sign. */
export const filePurposes = ['attachment', 'import', 'signed-pdf', 'pdf-deal', 'archive'] as const;
export type FilePurpose = (typeof filePurposes)[number];

/** MB with two decimals, as the size message shows it. */
export function formatMb(bytes: number): string {
  return (bytes / BYTES_PER_MB).toFixed(2);
}

/** 'Max file size for attachments is %s Mb. The file "%s" is %s Mb.' filled in. */
export function fileTooLargeMessage(
  name: string,
  size: number,
  maxBytes: number,
  template: string = fileMessages.tooLarge,
): string {
  const values = [formatMb(maxBytes), name, formatMb(size)];
  return template.replace(/%s/g, () => values.shift() ?? '');
}

/** Whether a file name ends in .pdf (the browser's first check; the server reads the bytes). */
export const isPdfName = (name: string) => /\.pdf$/i.test(name.trim());
/** Whether a file name ends in .docx (Word import accepts only .docx). */
export const isDocxName = (name: string) => /\.docx$/i.test(name.trim());

/** The server's messages for refused files (English; the web has them in fi too). */
export const fileMessages = {
  notPdf: 'The file "%s" is not a PDF. Only PDF files can be attached.',
  notDocx: 'The file "%s" is not a Word document. Only .docx files can be imported.',
  attachmentNotFound: 'Attachment not found',
  uploadNotFound: 'Upload not found',
  uploadIncomplete: 'The upload is not complete yet.',
  uploadUsed: 'This upload is already in use.',
  uploadCompleted: 'The upload is already complete.',
  wrongOffset: 'The upload is at offset %s; send the chunk from there.',
  dealClosed: 'The attachments of a document in signing, signed or trashed cannot be changed.',
  tooLarge: 'Max file size for attachments is %s Mb. The file "%s" is %s Mb.',
} as const;

/** Finnish texts of the same messages: the web shows them for the server's English ones. */
export const fileMessagesFi: Record<keyof typeof fileMessages, string> = {
  notPdf: 'Tiedosto "%s" ei ole PDF. Liitteiksi voi lisätä vain PDF-tiedostoja.',
  notDocx: 'Tiedosto "%s" ei ole Word-asiakirja. Tuoda voi vain .docx-tiedostoja.',
  attachmentNotFound: 'Liitettä ei löytynyt',
  uploadNotFound: 'Latausta ei löytynyt',
  uploadIncomplete: 'Lataus on vielä kesken.',
  uploadUsed: 'Tämä lataus on jo käytössä.',
  uploadCompleted: 'Lataus on jo valmis.',
  wrongOffset: 'Lataus on kohdassa %s; lähetä osa siitä alkaen.',
  dealClosed:
    'Allekirjoitettavana, allekirjoitetun tai roskakorissa olevan asiakirjan liitteitä ei voi muuttaa.',
  tooLarge: 'Liitteen enimmäiskoko on %s Mt. Tiedosto "%s" on %s Mt.',
};

/**
 * `POST /uploads`: announce a file; the size is checked before anything is stored. The name is
 * the browser's: an attachment's or a Word file's at most 250 characters, an archive upload's up
 * to 1000, which the archive cleans into a name of at most 250 (`cleanFileName`).
 */
export const createUploadSchema = z.strictObject({
  name: plainText().trim().min(1).max(1000),
  size: z.number().int().min(1),
  type: plainText().trim().max(200).default('application/octet-stream'),
  purpose: z.enum(uploadPurposes),
});
export type CreateUpload = z.input<typeof createUploadSchema>;

export const uploadCreatedSchema = z.object({
  id: z.uuid(),
  offset: z.number().int(),
  chunkSize: z.number().int(),
});
export type UploadCreated = z.infer<typeof uploadCreatedSchema>;

export const uploadStateSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  offset: z.number().int(),
  size: z.number().int(),
  isComplete: z.boolean(),
});
export type UploadState = z.infer<typeof uploadStateSchema>;

export const collectionParamsSchema = z.object({
  collection: z.enum(documentCollections),
  documentId: z.uuid(),
});

export const attachmentSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  size: z.number().int(),
  position: z.number().int(),
  isPdf: z.boolean(),
  createdAt: z.string(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

export const attachmentListSchema = z.object({ attachments: z.array(attachmentSchema) });

export const addAttachmentSchema = z.strictObject({ uploadId: z.uuid() });
export const moveAttachmentSchema = z.strictObject({ position: z.number().int().min(1) });
