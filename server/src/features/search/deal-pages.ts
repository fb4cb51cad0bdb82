import { and, eq, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { dealPages, deals, files } from '../../db/schema';
import { defineJob, type JobDefinition } from '../../platform/jobs/jobs';
import { readPdfPages } from '../../platform/pdf/page-text';
import type { Platform } from '../../platform/platform';

/*
 * The page text of a Send & Sign PDF deal (spec 2 savePdfPagesToDatabase; issue 16), read in the
 * `deals.extract-text` job, never on the request path: the send queues it in its own
 * transaction. The job replaces the deal's `deal_page` rows, which the search index's triggers
 * pick up. A file pdf.js cannot read leaves no pages (the deal is still found by its title,
 * parties and signers); running the job twice writes the same rows again.
 */

export const DEAL_PAGES_JOB = 'deals.extract-text';

/** Tries after the first failure (storage unreachable); an unreadable PDF is not retried. */
const DEAL_PAGES_RETRIES = 3;

export function dealPagesJob(platform: Platform): JobDefinition<{ dealId: string }> {
  return defineJob<{ dealId: string }>({
    name: DEAL_PAGES_JOB,
    retryLimit: DEAL_PAGES_RETRIES,
    retryDelaySeconds: 10,
    expireInSeconds: 5 * 60,
    async handle({ dealId }) {
      await extractDealPages(platform, dealId);
    },
  });
}

/** Adds the job to the platform's queues (before it starts). */
export function registerDealPagesJob(platform: Platform): void {
  platform.jobs.register(dealPagesJob(platform));
}

/** Enqueues the reading of a deal's PDF pages in the caller's transaction. */
export async function queueDealPages(platform: Platform, tx: DbOrTx, dealId: string) {
  await platform.jobs.enqueue(tx, dealPagesJob(platform), { dealId });
}

/**
 * Reads and stores one deal's page text. Answers the number of pages stored, or null when the
 * deal is gone or has no PDF. Throws only when the file cannot be read from storage.
 */
export async function extractDealPages(platform: Platform, dealId: string): Promise<number | null> {
  const { db } = platform.database;
  const [deal] = await db
    .select({ storageKey: files.storageKey })
    .from(deals)
    .innerJoin(files, eq(files.id, deals.pdfFileId))
    .where(and(eq(deals.id, dealId), isNotNull(deals.pdfFileId)));
  if (!deal) return null;
  const bytes = await platform.storage.get(deal.storageKey);
  let pages: string[];
  try {
    pages = await readPdfPages(bytes);
  } catch {
    // Not a PDF pdf.js can read: nothing to index, and the same bytes would fail again.
    pages = [];
  }
  await db.transaction(async (tx) => {
    await tx.delete(dealPages).where(eq(dealPages.dealId, dealId));
    const withText = pages
      .map((text, index) => ({ dealId, page: index + 1, text }))
      .filter((page) => page.text.trim() !== '');
    if (withText.length > 0) await tx.insert(dealPages).values(withText);
  });
  return pages.length;
}
