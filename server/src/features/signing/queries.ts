import type { PartyRole } from '@pactum/core/documents';
import type {
  DealDecline,
  SignatureDefaults,
  SigningLang,
  SigningLinkEndReason,
} from '@pactum/core/signing';
import { and, asc, eq, getTableColumns, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import {
  dealSigners,
  deals,
  documentEvents,
  files,
  signerCodes,
  signingLinkEnds,
  users,
} from '../../db/schema';
import { eventChainOrder } from '../../documents/audit-chain';

/*
 * The signing feature's statements beyond a plain read by key: its use cases orchestrate and
 * call these. The stored chain check's own statements are in `chain-check-queries.ts`.
 */

export type SignerRow = typeof dealSigners.$inferSelect;

/** The deal's signers (of one party when given), not revoked, in the order they were named. */
export async function partySigners(
  db: DbOrTx,
  dealId: string,
  party?: PartyRole,
): Promise<SignerRow[]> {
  return db
    .select()
    .from(dealSigners)
    .where(
      and(
        eq(dealSigners.dealId, dealId),
        isNull(dealSigners.revokedAt),
        party ? eq(dealSigners.party, party) : undefined,
      ),
    )
    .orderBy(asc(dealSigners.createdAt), asc(dealSigners.id));
}

/** The signer a request acts as: on this deal, not revoked. */
export async function findSigner(db: DbOrTx, dealId: string, signerId: string, isLocked = false) {
  const query = db
    .select()
    .from(dealSigners)
    .where(
      and(
        eq(dealSigners.id, signerId),
        eq(dealSigners.dealId, dealId),
        isNull(dealSigners.revokedAt),
      ),
    );
  const [signer] = isLocked ? await query.for('update') : await query;
  return signer;
}

/**
 * The party of a signer of the deal that is the caller's: claimed by opening its link, or by
 * e-mail when the caller's e-mail is verified. Undefined when none is.
 */
export async function claimedSignerParty(
  db: DbOrTx,
  dealId: string,
  user: { id: string; email: string; emailVerified: boolean },
): Promise<PartyRole | undefined> {
  const [signer] = await db
    .select({ party: dealSigners.party })
    .from(dealSigners)
    .where(
      and(
        eq(dealSigners.dealId, dealId),
        isNull(dealSigners.revokedAt),
        user.emailVerified
          ? or(eq(dealSigners.userId, user.id), eq(dealSigners.email, user.email.toLowerCase()))
          : eq(dealSigners.userId, user.id),
      ),
    )
    .limit(1);
  return signer?.party;
}

/**
 * Removes the deal's signers (of one party, or one signer, when given), signed or not; each
 * one's link is kept as ended, for `reason`, so opening it says why it stopped working.
 */
export async function deleteSigners(
  tx: Tx,
  dealId: string,
  reason: SigningLinkEndReason,
  only: { party?: PartyRole; signerId?: string } = {},
): Promise<void> {
  const ofDeal = and(
    eq(dealSigners.dealId, dealId),
    only.party ? eq(dealSigners.party, only.party) : undefined,
    only.signerId ? eq(dealSigners.id, only.signerId) : undefined,
  );
  await tx
    .insert(signingLinkEnds)
    .select(
      tx
        .select({
          shortId: dealSigners.shortId,
          dealId: dealSigners.dealId,
          reason: sql<SigningLinkEndReason>`${reason}`.as('reason'),
          endedAt: sql<Date>`now()`.as('ended_at'),
        })
        .from(dealSigners)
        .where(ofDeal),
    )
    .onConflictDoNothing();
  await tx.delete(dealSigners).where(ofDeal);
}

/** The ids of the accounts whose verified address is one of `emails`, by lower-cased address. */
export async function verifiedUserIds(db: DbOrTx, emails: string[]): Promise<Map<string, string>> {
  const known = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(inArray(users.email, emails), eq(users.emailVerified, true)));
  return new Map(known.map((user) => [user.email.toLowerCase(), user.id]));
}

/** The language of the account with this address, English when there is none. */
export async function userLang(db: DbOrTx, email: string): Promise<SigningLang> {
  const [user] = await db.select({ lang: users.lang }).from(users).where(eq(users.email, email));
  return user?.lang ?? 'en';
}

/** The address and language of each of these accounts. */
export async function userLangs(
  db: DbOrTx,
  userIds: string[],
): Promise<{ id: string; email: string; lang: SigningLang }[]> {
  if (userIds.length === 0) return [];
  return db
    .select({ id: users.id, email: users.email, lang: users.lang })
    .from(users)
    .where(inArray(users.id, userIds));
}

export async function dealTitle(db: DbOrTx, dealId: string): Promise<string | undefined> {
  const [deal] = await db.select({ title: deals.title }).from(deals).where(eq(deals.id, dealId));
  return deal?.title;
}

export async function callerName(db: DbOrTx, userId: string): Promise<string> {
  const [user] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return user?.name ?? '';
}

/** The two-step state of each signer that has one. */
export async function signerCodeStates(db: DbOrTx, signerIds: string[]) {
  const codes = signerIds.length
    ? await db
        .select({ signerId: signerCodes.signerId, state: signerCodes.state })
        .from(signerCodes)
        .where(inArray(signerCodes.signerId, signerIds))
    : [];
  return new Map(codes.map((code) => [code.signerId, code.state]));
}

/** All the deal's events in chain order, each with its actor's name. */
export function dealEventRows(db: DbOrTx, dealId: string) {
  return db
    .select({ ...getTableColumns(documentEvents), name: users.name })
    .from(documentEvents)
    .leftJoin(users, eq(users.id, documentEvents.userId))
    .where(and(eq(documentEvents.collection, 'deals'), eq(documentEvents.documentId, dealId)))
    .orderBy(...eventChainOrder);
}

/** The caller's own signature font and colour, the defaults of the sign dialog. */
export async function signatureDefaultsOf(db: DbOrTx, userId: string) {
  const [me] = await db
    .select({ font: users.signatureFont, color: users.signatureColor })
    .from(users)
    .where(eq(users.id, userId));
  return me;
}

export async function saveSignatureDefaults(
  db: DbOrTx,
  userId: string,
  defaults: Partial<SignatureDefaults>,
) {
  const [row] = await db
    .update(users)
    .set({
      ...(defaults.font ? { signatureFont: defaults.font } : {}),
      ...(defaults.color ? { signatureColor: defaults.color } : {}),
    })
    .where(eq(users.id, userId))
    .returning({ font: users.signatureFont, color: users.signatureColor });
  return row;
}

export async function findFile(db: DbOrTx, fileId: string) {
  const [file] = await db.select().from(files).where(eq(files.id, fileId));
  return file;
}

/** The two-step choice for every signer of the deal, of both parties. */
export async function setSignersTwoStep(tx: Tx, dealId: string, use2fa: boolean): Promise<void> {
  await tx
    .update(dealSigners)
    .set({ use2fa })
    .where(and(eq(dealSigners.dealId, dealId), isNull(dealSigners.revokedAt)));
}

/** The deal's state once signing starts: the content hash frozen, the two-step choice kept. */
export async function markDealInSigning(
  tx: Tx,
  dealId: string,
  options: {
    use2fa: boolean;
    contentSha256: string;
    reminders: Pick<
      typeof deals.$inferInsert,
      'reminderFirstDays' | 'reminderEveryDays' | 'reminderMax'
    >;
  },
): Promise<void> {
  await tx
    .update(deals)
    .set({
      state: 'in-signing',
      ...options.reminders,
      use2faInSigning: options.use2fa,
      contentSha256: options.contentSha256,
      signingStartedAt: sql`now()`,
      declined: null,
      modifiedAt: new Date(),
    })
    .where(eq(deals.id, dealId));
}

/**
 * The deal back in negotiation after signing was cancelled, withdrawn or declined: nothing
 * frozen any more; a decline is kept on the deal until signing starts again (issue 40).
 */
export async function markDealNegotiating(
  tx: Tx,
  dealId: string,
  declined: DealDecline | null = null,
): Promise<void> {
  await tx
    .update(deals)
    .set({
      state: 'negotiate',
      process: 'negotiate',
      contentSha256: null,
      signingStartedAt: null,
      ...(declined ? { declined } : {}),
      modifiedAt: new Date(),
    })
    .where(eq(deals.id, dealId));
}

export async function markDealSigned(tx: Tx, dealId: string): Promise<void> {
  await tx
    .update(deals)
    .set({ state: 'signed', signedAt: sql`now()`, modifiedAt: new Date() })
    .where(eq(deals.id, dealId));
}

/** A signer's signature with where and how it was given. */
export async function recordSignature(
  tx: Tx,
  signerId: string,
  signature: Pick<
    typeof dealSigners.$inferInsert,
    | 'userId'
    | 'signatureText'
    | 'signatureFont'
    | 'signatureColor'
    | 'ip'
    | 'city'
    | 'country'
    | 'userAgent'
    | 'consentVersion'
    | 'consentLang'
    | 'consentText'
  >,
): Promise<void> {
  await tx
    .update(dealSigners)
    .set({ ...signature, state: 'signed', signedAt: sql`now()` })
    .where(eq(dealSigners.id, signerId));
}
