import {
  DOCX_MAX_ENTRIES,
  DOCX_MAX_UNPACKED_BYTES,
  type ImportMessageKey,
  importMessages,
} from '@pactum/core/imports';
import type yauzl from 'yauzl';

/** Why a .docx is refused before conversion; `message` is the user's text. */
export class DocxRefusedError extends Error {
  override name = 'DocxRefusedError';
  constructor(readonly key: ImportMessageKey) {
    super(importMessages.en[key]);
  }
}

/**
 * Checks a Word document before anything unpacks it: it must open as a zip, hold at most
 * DOCX_MAX_ENTRIES parts that unpack to at most DOCX_MAX_UNPACKED_BYTES together (read from
 * the central directory, so a zip bomb is refused without inflating it), and have a
 * `word/document.xml`. With `isContentRead` every part is also inflated and counted, and a
 * part that inflates beyond what the directory declares is refused (yauzl checks the sizes),
 * so the converter never meets more than the directory promised.
 */
export async function inspectDocx(
  buffer: Buffer,
  options: { isContentRead?: boolean } = {},
): Promise<void> {
  // Loaded at the first Word document, like the converter.
  const { default: zipReader } = await import('yauzl');
  let zip: yauzl.ZipFile;
  try {
    zip = await zipReader.fromBufferPromise(buffer, {
      lazyEntries: true,
      validateEntrySizes: true,
      strictFileNames: false,
    });
  } catch {
    throw new DocxRefusedError('notZip');
  }
  if (zip.entryCount > DOCX_MAX_ENTRIES) {
    zip.close();
    throw new DocxRefusedError('tooManyEntries');
  }
  let total = 0;
  let hasDocument = false;
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('error', () => reject(new DocxRefusedError('notZip')));
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        total += entry.uncompressedSize;
        if (total > DOCX_MAX_UNPACKED_BYTES) {
          reject(new DocxRefusedError('tooLarge'));
          return;
        }
        if (entry.fileName === 'word/document.xml') hasDocument = true;
        if (!options.isContentRead || entry.fileName.endsWith('/')) {
          zip.readEntry();
          return;
        }
        zip.openReadStream(entry, (error, stream) => {
          if (error) {
            reject(new DocxRefusedError('notZip'));
            return;
          }
          stream.on('data', () => {});
          stream.on('error', (streamError) =>
            reject(
              new DocxRefusedError(
                /too many bytes/i.test(streamError.message) ? 'tooLarge' : 'notZip',
              ),
            ),
          );
          stream.on('end', () => zip.readEntry());
        });
      });
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
  if (!hasDocument) throw new DocxRefusedError('notDocx');
}
