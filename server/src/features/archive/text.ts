import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { archiveItems, archivePages, files } from '../../db/schema';
import { defineJob, type JobDefinition } from '../../platform/jobs/jobs';
import { readPdfPages } from '../../platform/pdf/page-text';
import type { Platform } from '../../platform/platform';

/*
 * The page text of an archived PDF (issue 13), read in the `archive.extract-text` job, never on
 * the request path: filing and upload queue it in their own transaction (`queueTextExtraction`).
 * The job replaces the item's `archive_page` rows and sets its `textState`: `done`, `no-text`
 * when no page has any text (a scanned PDF: stored and flagged, no failure) or `failed` when the
 * file cannot be read as a PDF. Running it twice writes the same rows again.
 */

export const TEXT_EXTRACTION_JOB = 'archive.extract-text';

/** Tries after the first failure (storage unreachable); an unreadable PDF is not retried. */
const TEXT_EXTRACTION_RETRIES = 3;

/** The job's definition; `registerTextExtractionJob` adds it to a platform's queues. */
export function textExtractionJob(platform: Platform): JobDefinition<{ itemId: string }> {
  return defineJob<{ itemId: string }>({
    name: TEXT_EXTRACTION_JOB,
    retryLimit: TEXT_EXTRACTION_RETRIES,
    retryDelaySeconds: 10,
    // Reading the text of a long PDF: seconds, a minute at most.
    expireInSeconds: 5 * 60,
    async handle({ itemId }, { retryCount }) {
      try {
        await extractItemText(platform, itemId);
      } catch (error) {
        if (retryCount < TEXT_EXTRACTION_RETRIES) throw error;
        await platform.database.db
          .update(archiveItems)
          .set({ textState: 'failed' })
          .where(eq(archiveItems.id, itemId));
      }
    },
  });
}

/** Adds the job to the platform's queues (before it starts). */
export function registerTextExtractionJob(platform: Platform): JobDefinition<{ itemId: string }> {
  const definition = textExtractionJob(platform);
  platform.jobs.register(definition);
  return definition;
}

/** Enqueues the extraction of one item's text in the caller's transaction. */
export async function queueTextExtraction(
  platform: Platform,
  tx: DbOrTx,
  itemId: string,
): Promise<void> {
  await platform.jobs.enqueue(tx, textExtractionJob(platform), { itemId });
}

/**
 * Extracts and stores one item's page text. Returns the state it set, or null when the item is
 * gone or has no completed file. Throws only when the file cannot be read from storage.
 */
export async function extractItemText(
  platform: Platform,
  itemId: string,
): Promise<'done' | 'no-text' | 'failed' | null> {
  const { db } = platform.database;
  const [item] = await db
    .select({ id: archiveItems.id, storageKey: files.storageKey })
    .from(archiveItems)
    .innerJoin(files, eq(files.id, archiveItems.fileId))
    .where(and(eq(archiveItems.id, itemId), isNull(archiveItems.deletedAt)));
  if (!item) return null;
  const bytes = await platform.storage.get(item.storageKey);
  let pages: string[];
  try {
    pages = await readPdfPages(bytes);
  } catch {
    // Not a PDF pdf.js can read: flagged, not retried (the same bytes fail the same way).
    await db.update(archiveItems).set({ textState: 'failed' }).where(eq(archiveItems.id, itemId));
    return 'failed';
  }
  const state = pages.some((text) => text.trim() !== '') ? 'done' : 'no-text';
  await db.transaction(async (tx) => {
    await tx.delete(archivePages).where(eq(archivePages.itemId, itemId));
    if (pages.length > 0) {
      await tx
        .insert(archivePages)
        .values(pages.map((text, index) => ({ itemId, page: index + 1, text })));
    }
    await tx
      .update(archiveItems)
      .set({ textState: state, pageCount: pages.length })
      .where(eq(archiveItems.id, itemId));
  });
  return state;
}
