import { cleanFileName } from '@pactum/core/archive';
import { type PartyRole, partyRoles } from '@pactum/core/documents';
import { and, asc, eq, isNotNull, isNull, ne, notExists, or, type SQL, sql } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import type { DbOrTx, Tx } from '../../db/client';
import {
  archiveAccess,
  archiveFilings,
  archiveItems,
  dealSigners,
  deals,
  documentAccess,
  files,
  signedPdfs,
  workspaceGroupMembers,
  workspaceGroups,
  workspaceMembers,
} from '../../db/schema';
import { onSignedDeal } from '../../documents/signed-deal-hooks';
import { defineJob, type JobDefinition } from '../../platform/jobs/jobs';
import type { Platform } from '../../platform/platform';
import { notifyUsers } from '../notifications';
import { getSignedPdfStatus } from '../signing';
import { queueTextExtraction, registerTextExtractionJob } from './text';

/*
 * Filing a signed deal into each party's Inbox (spec 1 §2 Archive, §3 save-to-archive queue
 * item). The transaction that completes the deal opens one `archive_filing` row per party (step
 * `sealing`, `openFilings`); the transaction that records the sealed PDF moves them to `filing`
 * and enqueues `archive.file-deal` (`startFiling`). The job files each party whose row is not
 * done in its own transaction: the party's copy (pointing at the sealed PDF's stored file, so the
 * seal stays intact), its `archive_access` rows (`partyReach`: the party's access entries on the
 * deal and the accounts of the people who signed for the party), one `new-inbox-item`
 * notification per user it reaches, the text job, and the row marked done. The row is locked
 * first and the copy is unique per (deal, party), so a re-run, a redelivered job or a restart
 * after a crash files nothing twice. Unfinished filings resume when a process starts
 * (`resumeArchiveFilings`), and copies filed before the signers were given theirs are repaired
 * then (`repairInboxCopyAccess`). A filing that keeps failing counts its attempts and last error
 * on the row and is `failed` once the retries are spent; so is one whose signed PDF could not be
 * made.
 */

export const FILE_DEAL_JOB = 'archive.file-deal';
export const FILING_RETRY_LIMIT = 5;

/** Where a crash test (PACTUM_CRASH_AT, never in production) kills the process: one party filed. */
export const FILING_CRASH_AFTER_PARTY_1 = 'archive-after-party-1';

/** The Inbox's progress bar for a filing on its way (0–100). */
export const FILING_PROGRESS = { sealing: 30, filing: 70 } as const;

type FilingJobs = {
  fileDeal: JobDefinition<{ dealId: string }>;
  extractText: JobDefinition<{ itemId: string }>;
};

const registered = new WeakMap<Platform, FilingJobs>();

/**
 * Registers the archive's jobs (filing and page text) on a platform, once, before it starts,
 * and its hooks on the signing steps (`onSignedDeal`): the completed deal opens a filing per
 * party, the recorded sealed PDF starts them, a failed one fails them, a retry reopens them.
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
  onSignedDeal(platform, {
    dealCompleted: (tx, dealId) => openFilings(tx, dealId),
    signedPdfRecorded: (tx, dealId) => startFiling(platform, tx, dealId),
    signedPdfFailed: (db, dealId, reason) => failFilings(db, dealId, reason),
    signedPdfRetried: (db, dealId) => reopenFilings(db, dealId),
  });
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
    .values(partyRoles.map((party) => ({ dealId, party })))
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
 * Copies in the Inbox that lack their signers' access are repaired here too.
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
  await repairInboxCopyAccess(platform);
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
    for (const party of partyRoles) {
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

  const reach = await partyReach(tx, dealId, party);
  const workspaceId =
    party === 'sender'
      ? file.workspaceId
      : (reach.entries.find((row) => row.workspaceId)?.workspaceId ?? null);
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
    await grantCopy(platform, tx, {
      item: { id: created.id, name, dealId },
      rows: [...reach.entries, ...reach.signers],
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

/** One way a party copy reaches people: a user, a workspace or a group. */
type ReachRow = { userId: string | null; workspaceId: string | null; groupId: string | null };

/**
 * Who a party's copy reaches: the party's access entries on the deal (its users, workspaces and
 * groups; an invitation to an address not taken up yet reaches no one) and the accounts of the
 * people who signed for the party, who may be no member of the deal (a receiver's signer of a
 * Send & Sign PDF, a signer named by address). Signing needs a session and binds the signer to
 * the account that signed (`sign`), so every signature has an account by the time it is filed.
 */
async function partyReach(
  tx: DbOrTx,
  dealId: string,
  party: PartyRole,
): Promise<{ entries: ReachRow[]; signers: ReachRow[] }> {
  const rows = await tx
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
  const entries = rows.filter((row) => row.userId || row.workspaceId || row.groupId);
  const signed = await tx
    .select({ userId: dealSigners.userId })
    .from(dealSigners)
    .where(isPartySigner(dealId, party))
    .orderBy(asc(dealSigners.signedAt), asc(dealSigners.id));
  // A signer who is also a member of the party gets a row of their own too (given once, by
  // `grantCopy`): what they signed stays theirs should they leave the workspace later.
  return {
    entries,
    signers: signed.map((row) => ({ userId: row.userId, workspaceId: null, groupId: null })),
  };
}

/** A live signer slot of the party that was signed, by the account that signed it. */
function isPartySigner(dealId: SQL | string, party: SQL | PartyRole): SQL {
  return and(
    eq(dealSigners.dealId, dealId),
    eq(dealSigners.party, party),
    eq(dealSigners.state, 'signed'),
    isNull(dealSigners.revokedAt),
    isNotNull(dealSigners.userId),
  ) as SQL;
}

const reachKey = (row: ReachRow) =>
  `${row.userId ?? ''}|${row.workspaceId ?? ''}|${row.groupId ?? ''}`;

/**
 * Gives a party copy those of `rows` it lacks, and tells each user it reaches now and did not
 * before (`new-inbox-item`). Filing gives a new copy all of its rows; the repair at start the
 * missing ones. Answers how many rows were added.
 */
async function grantCopy(
  platform: Platform,
  tx: Tx,
  options: { item: { id: string; name: string; dealId: string }; rows: ReachRow[] },
): Promise<number> {
  const { item } = options;
  const held = await tx
    .select({
      userId: archiveAccess.userId,
      workspaceId: archiveAccess.workspaceId,
      groupId: archiveAccess.groupId,
    })
    .from(archiveAccess)
    .where(eq(archiveAccess.itemId, item.id));
  const keys = new Set(held.map(reachKey));
  const missing = options.rows.filter((row) => {
    const key = reachKey(row);
    if (keys.has(key)) return false;
    keys.add(key);
    return true;
  });
  if (missing.length === 0) return 0;
  const before = new Set(held.length > 0 ? await reachedUserIds(tx, item.id) : []);
  await tx.insert(archiveAccess).values(missing.map((row) => ({ itemId: item.id, ...row })));
  const reached = await reachedUserIds(tx, item.id);
  await notifyUsers(platform, tx, {
    userIds: reached.filter((userId) => !before.has(userId)),
    actorId: null,
    collection: 'deals',
    documentId: item.dealId,
    event: 'new-inbox-item',
    data: { archiveId: item.id, title: item.name },
  });
  return missing.length;
}

/**
 * Repairs the copies in the Inbox filed before the people who signed for a party were given its
 * copy (issue 36: a receiver's signer outside the deal got nothing, and a Send & Sign PDF's
 * receiver copy reached no one). Each such copy gets the rows of its party's signers it lacks;
 * one that reaches no one gets its party's whole reach as filing gives it now; each user it newly
 * reaches is told. Copies moved into a folder have the folder's access and are left alone. Run
 * at start with the resumed filings: the copy is locked and looked at again in its transaction,
 * so a second run, or two processes starting at once, add nothing. Answers the copies changed.
 */
export async function repairInboxCopyAccess(platform: Platform): Promise<number> {
  const { db } = platform.database;
  const isInboxCopy = and(
    eq(archiveItems.scope, 'party'),
    isNull(archiveItems.parentId),
    isNull(archiveItems.deletedAt),
    isNotNull(archiveItems.originalDealId),
    isNotNull(archiveItems.originalParty),
  );
  const accessOf = (userId?: SQL) =>
    db
      .select({ id: archiveAccess.id })
      .from(archiveAccess)
      .where(
        and(
          eq(archiveAccess.itemId, archiveItems.id),
          userId ? eq(archiveAccess.userId, userId) : undefined,
        ),
      );
  const lacksSigner = sql`EXISTS (SELECT 1 FROM ${dealSigners}
    WHERE ${isPartySigner(sql`${archiveItems.originalDealId}`, sql`${archiveItems.originalParty}`)}
      AND ${notExists(accessOf(sql`${dealSigners.userId}`))})`;
  const partyHasEntry = sql`EXISTS (SELECT 1 FROM ${documentAccess}
    WHERE ${documentAccess.collection} = 'deals'
      AND ${documentAccess.documentId} = ${archiveItems.originalDealId}
      AND ${documentAccess.party} = ${archiveItems.originalParty}
      AND (${documentAccess.userId} IS NOT NULL OR ${documentAccess.workspaceId} IS NOT NULL
        OR ${documentAccess.groupId} IS NOT NULL))`;
  const candidates = await db
    .select({ id: archiveItems.id })
    .from(archiveItems)
    .where(and(isInboxCopy, or(lacksSigner, and(notExists(accessOf()), partyHasEntry))));
  let repaired = 0;
  for (const candidate of candidates) {
    const isRepaired = await db.transaction(async (tx) => {
      const [item] = await tx
        .select({
          id: archiveItems.id,
          name: archiveItems.name,
          dealId: archiveItems.originalDealId,
          party: archiveItems.originalParty,
        })
        .from(archiveItems)
        .where(and(eq(archiveItems.id, candidate.id), isInboxCopy))
        .for('update');
      if (!item?.dealId || !item.party) return false;
      const [held] = await tx
        .select({ id: archiveAccess.id })
        .from(archiveAccess)
        .where(eq(archiveAccess.itemId, item.id))
        .limit(1);
      const reach = await partyReach(tx, item.dealId, item.party);
      const rows = held ? reach.signers : [...reach.entries, ...reach.signers];
      const added = await grantCopy(platform, tx, {
        item: { id: item.id, name: item.name, dealId: item.dealId },
        rows,
      });
      return added > 0;
    });
    if (isRepaired) repaired += 1;
  }
  return repaired;
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
