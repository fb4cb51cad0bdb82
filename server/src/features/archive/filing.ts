import { cleanFileName } from '@pactum/core/archive';
import type { PartyRole } from '@pactum/core/documents';
import { and, asc, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import type { DbOrTx, Tx } from '../../db/client';
import {
  archiveAccess,
  archiveFilings,
  archiveItems,
  deals,
  documentAccess,
  files,
  signedPdfs,
  workspaceGroupMembers,
  workspaceGroups,
  workspaceMembers,
} from '../../db/schema';
import { defineJob, type JobDefinition } from '../../platform/jobs/jobs';
import type { Platform } from '../../platform/platform';
import { notifyUsers } from '../notifications/notify';
import { getSignedPdfStatus } from '../signing/signed-pdf';
import { queueTextExtraction, registerTextExtractionJob } from './text';

/*
 * Filing a signed deal into each party's Inbox (spec 1 §2 Archive, §3 save-to-archive queue
 * item). The transaction that completes the deal opens one `archive_filing` row per party (step
 * `sealing`, `openFilings`); the transaction that records the sealed PDF moves them to `filing`
 * and enqueues `archive.file-deal` (`startFiling`). The job files each party whose row is not
 * done in its own transaction: the party's copy (pointing at the sealed PDF's stored file, so the
 * seal stays intact), its `archive_access` rows copied from the party's access entries on the
 * deal, one `new-inbox-item` notification per user it reaches, the text job, and the row marked
 * done. The row is locked first and the copy is unique per (deal, party), so a re-run, a
 * redelivered job or a restart after a crash files nothing twice. Unfinished filings resume when
 * a process starts (`resumeArchiveFilings`). A filing that keeps failing counts its attempts and
 * last error on the row and is `failed` once the retries are spent; so is one whose signed PDF
 * could not be made.
 */

export const FILE_DEAL_JOB = 'archive.file-deal';
export const FILING_RETRY_LIMIT = 5;

/** Where a crash test (PACTUM_CRASH_AT, never in production) kills the process: one party filed. */
export const FILING_CRASH_AFTER_PARTY_1 = 'archive-after-party-1';

const PARTIES: readonly PartyRole[] = ['sender', 'receiver'];

/** The Inbox's progress bar for a filing on its way (0–100). */
export const FILING_PROGRESS = { sealing: 30, filing: 70 } as const;

type FilingJobs = {
  fileDeal: JobDefinition<{ dealId: string }>;
  extractText: JobDefinition<{ itemId: string }>;
};

const registered = new WeakMap<Platform, FilingJobs>();

/**
 * Registers the archive's jobs (filing and page text) on a platform, once, before it starts.
 * Signing calls it too: every process that completes deals can enqueue the filing.
 */
export function registerArchiveFilingJobs(platform: Platform): FilingJobs {
  const existing = registered.get(platform);
  if (existing) return existing;
  const fileDealJob = defineJob<{ dealId: string }>({
    name: FILE_DEAL_JOB,
    retryLimit: FILING_RETRY_LIMIT,
    retryDelaySeconds: 10,
    // A few small transactions per party; no file is read or written.
    expireInSeconds: 2 * 60,
    async handle({ dealId }, context) {
      await fileDeal(platform, dealId, {
        isLastAttempt: context.retryCount >= FILING_RETRY_LIMIT,
      });
    },
  });
  platform.jobs.register(fileDealJob);
  const jobs = { fileDeal: fileDealJob, extractText: registerTextExtractionJob(platform) };
  registered.set(platform, jobs);
  return jobs;
}

function filingJob(platform: Platform): JobDefinition<{ dealId: string }> {
  return registerArchiveFilingJobs(platform).fileDeal;
}

/** In the transaction that completes the deal: one filing per party, waiting for the seal. */
export async function openFilings(tx: DbOrTx, dealId: string): Promise<void> {
  await tx
    .insert(archiveFilings)
    .values(PARTIES.map((party) => ({ dealId, party })))
    .onConflictDoNothing();
}

/** In the transaction that records the sealed PDF: the filings go on and the job is queued. */
export async function startFiling(platform: Platform, tx: DbOrTx, dealId: string): Promise<void> {
  const open = await tx
    .update(archiveFilings)
    .set({ step: 'filing', state: 'in-progress', updatedAt: sql`now()` })
    .where(and(eq(archiveFilings.dealId, dealId), ne(archiveFilings.state, 'done')))
    .returning({ party: archiveFilings.party });
  if (open.length > 0) await platform.jobs.enqueue(tx, filingJob(platform), { dealId });
}

/** The signed PDF could not be made: the party's filings fail with it (shown in the Inbox). */
export async function failFilings(db: DbOrTx, dealId: string, reason: string): Promise<void> {
  await db
    .update(archiveFilings)
    .set({ state: 'failed', lastError: reason.slice(0, 500), updatedAt: sql`now()` })
    .where(and(eq(archiveFilings.dealId, dealId), ne(archiveFilings.state, 'done')));
}

/** The signed PDF is being made again (a retry): its failed filings wait for it again. */
export async function reopenFilings(db: DbOrTx, dealId: string): Promise<void> {
  await db
    .update(archiveFilings)
    .set({ state: 'in-progress', step: 'sealing', updatedAt: sql`now()` })
    .where(and(eq(archiveFilings.dealId, dealId), eq(archiveFilings.state, 'failed')));
}

/**
 * Enqueues the job again for every filing past its seal and not done (a crash or a restart
 * took its worker). Filings still `sealing` go on when their signed PDF is recorded. Deals
 * whose sealed PDF was made before the archive existed get their filings opened here, once.
 */
export async function resumeArchiveFilings(platform: Platform): Promise<void> {
  const { db } = platform.database;
  await db.execute(sql`INSERT INTO ${archiveFilings} (deal_id, party, step)
    SELECT ${signedPdfs.dealId}, party.role, 'filing'
    FROM ${signedPdfs} CROSS JOIN (VALUES ('sender'), ('receiver')) AS party(role)
    WHERE ${signedPdfs.state} = 'done'
      AND NOT EXISTS (SELECT 1 FROM ${archiveFilings} WHERE ${archiveFilings.dealId} = ${signedPdfs.dealId})
    ON CONFLICT DO NOTHING`);
  const open = await db
    .selectDistinct({ dealId: archiveFilings.dealId })
    .from(archiveFilings)
    .where(and(eq(archiveFilings.state, 'in-progress'), eq(archiveFilings.step, 'filing')));
  for (const { dealId } of open) {
    await db.transaction(async (tx) => {
      await platform.jobs.enqueue(tx, filingJob(platform), { dealId });
    });
  }
}

/**
 * One run of the job: files every party not filed yet. Returns how many parties this run
 * filed; throws (after recording the error on the open rows) when it failed.
 */
export async function fileDeal(
  platform: Platform,
  dealId: string,
  options: { isLastAttempt: boolean },
): Promise<number> {
  const { db } = platform.database;
  const open = await db
    .update(archiveFilings)
    .set({ attempts: sql`${archiveFilings.attempts} + 1`, updatedAt: sql`now()` })
    .where(and(eq(archiveFilings.dealId, dealId), ne(archiveFilings.state, 'done')))
    .returning({ party: archiveFilings.party });
  if (open.length === 0) return 0;
  try {
    const pdf = await getSignedPdfStatus(db, dealId);
    if (pdf?.state === 'failed') {
      await failFilings(db, dealId, pdf.lastError ?? 'The signed PDF could not be made');
      return 0;
    }
    if (pdf?.state !== 'done' || !pdf.fileId) throw new Error('The signed PDF is not ready');
    const [source] = await db
      .select({
        title: deals.title,
        workspaceId: deals.workspaceId,
        name: files.name,
        size: files.size,
      })
      .from(deals)
      .innerJoin(files, eq(files.id, pdf.fileId))
      .where(eq(deals.id, dealId));
    // The deal is gone (its filings went with it).
    if (!source) return 0;
    const file = { id: pdf.fileId, ...source };
    let filed = 0;
    for (const party of PARTIES) {
      if (!open.some((row) => row.party === party)) continue;
      const isFiled = await db.transaction((tx) =>
        fileParty(platform, tx, { dealId, party, file }),
      );
      if (isFiled) filed += 1;
      if (filed === 1 && platform.config.crashAt === FILING_CRASH_AFTER_PARTY_1) {
        // As `kill -9` right after the first party's commit: nothing of ours runs after it.
        process.kill(process.pid, 'SIGKILL');
        await new Promise(() => {});
      }
    }
    return filed;
  } catch (error) {
    await db
      .update(archiveFilings)
      .set({
        lastError: String((error as Error)?.message ?? error).slice(0, 500),
        state: options.isLastAttempt ? 'failed' : 'in-progress',
        updatedAt: sql`now()`,
      })
      .where(and(eq(archiveFilings.dealId, dealId), ne(archiveFilings.state, 'done')));
    throw error;
  }
}

type SourceFile = {
  id: string;
  name: string;
  size: number;
  title: string;
  workspaceId: string | null;
};

/** Files one party's copy, unless it is filed already. True when this call filed it. */
async function fileParty(
  platform: Platform,
  tx: Tx,
  options: { dealId: string; party: PartyRole; file: SourceFile },
): Promise<boolean> {
  const { dealId, party, file } = options;
  // The row lock makes a racing run wait here, then find the filing done.
  const [filing] = await tx
    .select({ state: archiveFilings.state })
    .from(archiveFilings)
    .where(
      and(
        eq(archiveFilings.dealId, dealId),
        eq(archiveFilings.party, party),
        ne(archiveFilings.state, 'done'),
      ),
    )
    .for('update');
  if (!filing) return false;

  const entries = await tx
    .select({
      userId: documentAccess.userId,
      workspaceId: documentAccess.workspaceId,
      groupId: documentAccess.groupId,
    })
    .from(documentAccess)
    .where(
      and(
        eq(documentAccess.collection, 'deals'),
        eq(documentAccess.documentId, dealId),
        eq(documentAccess.party, party),
      ),
    )
    .orderBy(asc(documentAccess.createdAt), asc(documentAccess.id));
  const reaching = entries.filter((row) => row.userId || row.workspaceId || row.groupId);
  const workspaceId =
    party === 'sender'
      ? file.workspaceId
      : (reaching.find((row) => row.workspaceId)?.workspaceId ?? null);
  // A slash in the title is kept as a dash: cleanFileName keeps only what follows the last one.
  const name = cleanFileName(`${file.title.replace(/[/\\]/g, '-')}.pdf`);

  const [created] = await tx
    .insert(archiveItems)
    .values({
      type: 'file',
      name,
      parentId: null,
      workspaceId,
      scope: 'party',
      fileId: file.id,
      originalName: cleanFileName(file.name),
      size: file.size,
      fileType: 'application/pdf',
      extension: 'pdf',
      originalDealId: dealId,
      originalParty: party,
      textState: 'pending',
      uploadedAt: sql`now()`,
    })
    .onConflictDoNothing({
      target: [archiveItems.originalDealId, archiveItems.originalParty],
      where: sql`${archiveItems.originalDealId} IS NOT NULL`,
    })
    .returning({ id: archiveItems.id });

  let itemId = created?.id;
  if (created) {
    if (reaching.length > 0) {
      await tx.insert(archiveAccess).values(
        reaching.map((row) => ({
          itemId: created.id,
          userId: row.userId,
          workspaceId: row.workspaceId,
          groupId: row.groupId,
        })),
      );
    }
    await notifyUsers(platform, tx, {
      userIds: await reachedUserIds(tx, created.id),
      actorId: null,
      collection: 'deals',
      documentId: dealId,
      event: 'new-inbox-item',
      data: { archiveId: created.id, title: name },
    });
    await queueTextExtraction(platform, tx, created.id);
  } else {
    // The copy exists while its filing is open (the filing was opened again by hand): the copy
    // and everything written with it stay as they are.
    const [existing] = await tx
      .select({ id: archiveItems.id })
      .from(archiveItems)
      .where(and(eq(archiveItems.originalDealId, dealId), eq(archiveItems.originalParty, party)));
    itemId = existing?.id;
  }
  await tx
    .update(archiveFilings)
    .set({ state: 'done', itemId, lastError: null, updatedAt: sql`now()` })
    .where(and(eq(archiveFilings.dealId, dealId), eq(archiveFilings.party, party)));
  return created !== undefined;
}

/**
 * The users a party copy reaches through its access rows: its own users, the members of its
 * workspaces and of its live groups, each once.
 */
async function reachedUserIds(tx: DbOrTx, itemId: string): Promise<string[]> {
  const direct = tx
    .select({ userId: sql<string>`${archiveAccess.userId}`.as('user_id') })
    .from(archiveAccess)
    .where(and(eq(archiveAccess.itemId, itemId), isNotNull(archiveAccess.userId)));
  const byWorkspace = tx
    .select({ userId: workspaceMembers.userId })
    .from(archiveAccess)
    .innerJoin(workspaceMembers, eq(workspaceMembers.workspaceId, archiveAccess.workspaceId))
    .where(eq(archiveAccess.itemId, itemId));
  const byGroup = tx
    .select({ userId: workspaceGroupMembers.userId })
    .from(archiveAccess)
    .innerJoin(
      workspaceGroups,
      and(eq(workspaceGroups.id, archiveAccess.groupId), isNull(workspaceGroups.deletedAt)),
    )
    .innerJoin(workspaceGroupMembers, eq(workspaceGroupMembers.groupId, workspaceGroups.id))
    .where(eq(archiveAccess.itemId, itemId));
  // UNION keeps each user once.
  const rows = await union(direct, byWorkspace, byGroup);
  return rows.map((row) => row.userId).sort();
}
