import { randomBytes } from 'node:crypto';
import type { signingViewSchema } from '@pactum/core/api/signing';
import { canStartSigning, isDealEditable, sectionsAwaitingAgreement } from '@pactum/core/deals';
import type { PartyRole } from '@pactum/core/documents';
import type { NotificationEvent } from '@pactum/core/notifications';
import {
  canSignAs,
  DEFAULT_SIGNATURE_COLOR,
  DEFAULT_SIGNATURE_FONT,
  isSignerEmailProven,
  isSigningComplete,
  maskPhone,
  SIGNING_CONSENT_VERSION,
  type SignatureDefaults,
  type SignerInput,
  type SignerSetupRequest,
  type SigningAuditEvent,
  type SigningLang,
  type SignRequest,
  signingConsentText,
  signingMessage,
  signRefusal,
  validateSigners,
} from '@pactum/core/signing';
import { and, asc, eq, getTableColumns, inArray, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../../db/client';
import { dealSigners, deals, documentEvents, files, signerCodes, users } from '../../db/schema';
import { type DocumentAccess, resolveAccess } from '../../documents/access';
import {
  appendEvent,
  type ChainRow,
  checkEventChain,
  eventChainOrder,
} from '../../documents/audit-chain';
import { dealAudienceIds, findDeal, findSections } from '../../documents/deal-reads';
import { dealChanged } from '../../documents/live';
import { announceSignedDeal } from '../../documents/signed-deal-hooks';
import { AppError } from '../../http/app-error';
import { workspaceScopeOf } from '../../http/request-scope';
import type { SessionUser } from '../../http/session';
import { lookupGeoIp } from '../../platform/geo-ip';
import { sha256Hex } from '../../platform/pdf/content-hash';
import type { Platform } from '../../platform/platform';
import { notifyUsers } from '../notifications';
import { queueDealWebhook } from '../webhooks';
import { eventSection, type SectionLabels, sectionLabels } from './audit-sections';
import { loadContractContent, numberSections } from './contract-content';
import { signerIssueError, signingRefusal } from './refusals';
import {
  getSignedPdfStatus,
  registerSignedPdfJob,
  retrySignedPdf,
  type SignedPdfJob,
} from './signed-pdf';
import { buildSignedPdf } from './signed-pdf-build';
import { sendSignerCode, startTwoStep, validateSignerCode } from './two-step';

/*
 * The signing flow of a deal (spec 3 §4): each party names its signers, start signing freezes
 * the text and e-mails every signer their link, signers sign with a typed signature (and an SMS
 * code when the deal asks for it), and the last signature completes the deal in one
 * transaction and queues the sealed PDF. Every event goes to the hash-chained audit trail.
 */

type SignerRow = typeof dealSigners.$inferSelect;
/** What the signing routes answer (the route's schema checks and strips it). */
type SigningView = z.output<typeof signingViewSchema>;
export type DealRow = NonNullable<Awaited<ReturnType<typeof findDeal>>>;

type Caller = Pick<SessionUser, 'id' | 'email' | 'lang' | 'emailVerified'>;

type SigningContext = {
  deal: DealRow;
  access: DocumentAccess | null;
  myParty: PartyRole | null;
  role: 'edit' | 'view' | 'signer';
};

const jobs = new WeakMap<Platform, SignedPdfJob>();

/** The signed-PDF job of a platform: registered once per process, before the platform starts. */
export function registerSigningJobs(platform: Platform): SignedPdfJob {
  const existing = jobs.get(platform);
  if (existing) return existing;
  const job = registerSignedPdfJob(
    platform,
    (dealId) => buildSignedPdf(platform, dealId),
    async (tx, done) => {
      const [deal] = await tx
        .select({ title: deals.title, sentBy: deals.sentBy })
        .from(deals)
        .where(eq(deals.id, done.dealId));
      const signers = await tx
        .select()
        .from(dealSigners)
        .where(and(eq(dealSigners.dealId, done.dealId), isNull(dealSigners.revokedAt)));
      for (const signer of signers) {
        const lang = await userLang(tx, signer.email);
        await platform.mail.queue(tx, {
          to: signer.email,
          template: 'signed-document',
          lang,
          vars: {
            title: deal?.title ?? '',
            sha256: done.sha256,
            url: signingLink(platform, signer.shortId),
          },
        });
      }
      await platform.realtime.publish(tx, {
        topic: `deal:${done.dealId}`,
        type: 'signing.changed',
      });
      await queueDealWebhook(platform, tx, {
        type: 'document.signed',
        dealId: done.dealId,
        sha256: done.sha256,
      });
      // The sealed PDF goes on (into each party's Inbox: the archive's hook).
      await announceSignedDeal(platform, 'signedPdfRecorded', tx, done.dealId);
    },
    (db, failed) =>
      announceSignedDeal(platform, 'signedPdfFailed', db, failed.dealId, failed.error),
  );
  jobs.set(platform, job);
  return job;
}

/** The signed-PDF job of a platform (registered by the job registry, `server/src/jobs.ts`). */
export function signingJob(platform: Platform): SignedPdfJob {
  return registerSigningJobs(platform);
}

/** A signer's link: `/document/sign/{shortId}`; 128 bits from the CSPRNG, base64url. */
export function newSignerShortId(): string {
  return randomBytes(16).toString('base64url');
}

function signingLink(platform: Platform, shortId: string): string {
  return new URL(`/document/sign/${shortId}`, platform.config.publicUrl).toString();
}

async function userLang(db: DbOrTx, email: string): Promise<SigningLang> {
  const [user] = await db.select({ lang: users.lang }).from(users).where(eq(users.email, email));
  return user?.lang ?? 'en';
}

const refuse = signingRefusal;

/**
 * Who the caller is on this deal: a party by its access (edit or view), or only a named signer
 * of a party. A signer is the caller's when they claimed it by opening its mailed link, or by
 * e-mail only when the caller's e-mail is verified: an unverified account with a signer's
 * address proves nothing (sign-up gives a session before verification). Anyone else gets 404.
 */
async function loadSigningContext(
  db: DbOrTx,
  options: { dealId: string; user: Caller; isLocked?: boolean },
): Promise<SigningContext> {
  const access = await resolveAccess(db, {
    collection: 'deals',
    documentId: options.dealId,
    userId: options.user.id,
  });
  const deal = await findDeal(db, options.dealId, options.isLocked);
  if (!deal) throw new AppError('not_found');
  const party = access?.party === 'sender' || access?.party === 'receiver' ? access.party : null;
  if (access && party) return { deal, access, myParty: party, role: access.role };
  // A workspace token reaches a deal through its workspace only, never as a named signer.
  const [signer] = workspaceScopeOf(options.user.id)
    ? []
    : await db
        .select({ party: dealSigners.party })
        .from(dealSigners)
        .where(
          and(
            eq(dealSigners.dealId, deal.id),
            isNull(dealSigners.revokedAt),
            options.user.emailVerified
              ? or(
                  eq(dealSigners.userId, options.user.id),
                  eq(dealSigners.email, options.user.email.toLowerCase()),
                )
              : eq(dealSigners.userId, options.user.id),
          ),
        )
        .limit(1);
  if (signer && deal.state !== 'new' && deal.state !== 'negotiate') {
    return { deal, access: null, myParty: signer.party, role: 'signer' };
  }
  if (access) return { deal, access, myParty: null, role: access.role };
  throw new AppError('not_found');
}

/** A write by a party: edit access and a party, else 403. */
function requireEditor(context: SigningContext): PartyRole {
  if (context.role !== 'edit' || !context.myParty) throw new AppError('forbidden');
  return context.myParty;
}

function validatedSigners(
  input: SignerInput[],
  options: { party: PartyRole; mode: 'negotiation' | 'signing' },
): SignerInput[] {
  if (input.some((signer) => signer.party !== options.party)) throw new AppError('forbidden');
  const { signers, issues } = validateSigners(input, {
    mode: options.mode,
    parties: [options.party],
  });
  const [first] = issues;
  if (first) throw signerIssueError(first);
  return signers;
}

async function partySigners(db: DbOrTx, dealId: string, party?: PartyRole): Promise<SignerRow[]> {
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

/** Replaces a party's unsigned signers with new records (fresh links). */
export async function replaceSigners(
  tx: Tx,
  options: { dealId: string; party: PartyRole; signers: SignerInput[]; use2fa: boolean },
): Promise<SignerRow[]> {
  await tx
    .delete(dealSigners)
    .where(and(eq(dealSigners.dealId, options.dealId), eq(dealSigners.party, options.party)));
  if (options.signers.length === 0) return [];
  // A signer whose account has the verified address is theirs at once (the to-sign list, the
  // link). An unverified account with that address is not: whoever holds the mailbox claims the
  // signer by opening the link, so registering with someone's address earns nothing.
  const known = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      and(
        inArray(
          users.email,
          options.signers.map((signer) => signer.email),
        ),
        eq(users.emailVerified, true),
      ),
    );
  const userIdOf = new Map(known.map((user) => [user.email.toLowerCase(), user.id]));
  return tx
    .insert(dealSigners)
    .values(
      options.signers.map((signer) => ({
        dealId: options.dealId,
        party: options.party,
        shortId: newSignerShortId(),
        firstname: signer.firstname,
        lastname: signer.lastname,
        email: signer.email,
        phone: signer.phone,
        use2fa: options.use2fa,
        userId: userIdOf.get(signer.email) ?? null,
      })),
    )
    .returning();
}

/** The signing-request e-mail to each signer, and the two-step state when the deal asks for it. */
export async function inviteSigners(
  platform: Platform,
  tx: Tx,
  options: { deal: DealRow; signers: SignerRow[]; senderName: string },
): Promise<void> {
  for (const signer of options.signers) {
    if (signer.use2fa) await startTwoStep(tx, signer.id);
    await platform.mail.queue(tx, {
      to: signer.email,
      template: 'signing-request',
      lang: await userLang(tx, signer.email),
      vars: {
        signer: `${signer.firstname} ${signer.lastname}`,
        sender: options.senderName,
        title: options.deal.title,
        party: options.deal.parties[signer.party]?.name ?? '',
        url: signingLink(platform, signer.shortId),
      },
      ref: { kind: 'deal-signer', id: signer.id },
    });
  }
}

export async function callerName(db: DbOrTx, userId: string): Promise<string> {
  const [user] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return user?.name ?? '';
}

/**
 * A signing event (spec 1 §4: signing-start, restart-nego, sign-to-nego, document-sign,
 * signing-complete) for everyone the deal's signing concerns, on both sides: the users of both
 * parties and the accounts bound to its signer slots; never the one who acted. `audience` is
 * given when the signers are gone by the time of the call (cancel signing); `except` are told
 * otherwise already.
 */
export async function notifySigning(
  platform: Platform,
  tx: Tx,
  options: {
    deal: DealRow;
    actorId: string;
    event: NotificationEvent;
    data?: Record<string, unknown>;
    audience?: string[];
    except?: string[];
  },
): Promise<void> {
  const audience = options.audience ?? (await dealAudienceIds(tx, options.deal.id));
  const except = new Set(options.except);
  await notifyUsers(platform, tx, {
    userIds: audience.filter((id) => !except.has(id)),
    actorId: options.actorId,
    collection: 'deals',
    documentId: options.deal.id,
    event: options.event,
    data: { ...options.data, dealTitle: options.deal.title },
  });
}

/**
 * After a signing change, in its transaction: the deal's live event, and the dashboard of
 * everyone who sees the deal (`dealChanged`), their counters recounted when the change moves
 * the deal between lists or changes whose signature it waits for.
 */
export async function afterSigningChange(
  platform: Platform,
  tx: Tx,
  dealId: string,
  isCountChanged: boolean,
  /** Signers just removed: their to-sign counts change too. */
  removed: { userId: string | null }[] = [],
) {
  await platform.realtime.publish(tx, { topic: `deal:${dealId}`, type: 'signing.changed' });
  await dealChanged(platform, tx, dealId, {
    counts: isCountChanged,
    formerViewerIds: removed.map((signer) => signer.userId),
  });
}

/**
 * PUT /deals/:dealId/signers: the caller's party's signers. Before signing, 0 to 4 named ahead
 * (no e-mails yet); in signing, 1 to 4, replacing the party's signers as long as none of them
 * has signed (change signers), each new signer e-mailed their link. The SMS two-step check is
 * the deal's (use2faInSigning, chosen by whoever starts signing) and holds for every signer of
 * both parties: a party's setup cannot turn it off for its own signers, so `use2faInSigning` in
 * the request is not read here.
 *
 * Spec 3 §4 has change signers set process 'change-signer' until the re-setup is done and then
 * restore it. Here the whole change is one transaction (the old signers removed, the new ones
 * created and mailed), so no reader can ever see the in-between state; the process stays as it
 * is (sign, negotiate or pdf, which the cancel and completion rules depend on) and the change
 * is recorded as the 'change-signer' event of the audit trail instead.
 */
export async function setupSigners(
  platform: Platform,
  options: { dealId: string; user: Caller; input: SignerSetupRequest },
): Promise<SigningView> {
  await platform.database.db.transaction(async (tx) => {
    const context = await loadSigningContext(tx, { ...options, isLocked: true });
    const party = requireEditor(context);
    const { deal } = context;
    const isSigning = deal.state === 'in-signing';
    if (!isSigning && deal.state !== 'new' && deal.state !== 'negotiate') {
      throw refuse('notInSigning');
    }
    const signers = validatedSigners(options.input.signers, {
      party,
      mode: isSigning ? 'signing' : 'negotiation',
    });
    const current = await partySigners(tx, deal.id, party);
    if (current.some((signer) => signer.state === 'signed')) {
      throw refuse('alreadySigned');
    }
    const created = await replaceSigners(tx, {
      dealId: deal.id,
      party,
      signers,
      use2fa: deal.use2faInSigning,
    });
    if (isSigning) {
      await inviteSigners(platform, tx, {
        deal,
        signers: created,
        senderName: await callerName(tx, options.user.id),
      });
      await appendEvent(tx, {
        collection: 'deals',
        documentId: deal.id,
        event: current.length > 0 ? 'change-signer' : 'signer-setup',
        userId: options.user.id,
        data: { party, signers: created.length },
      });
    }
    await afterSigningChange(platform, tx, deal.id, isSigning, current);
  });
  return getSigningView(platform, options);
}

/**
 * POST /deals/:dealId/start-signing (spec 3 §4): from new or negotiate, by an editing party the
 * start-signing rule allows. The caller's party's signers (1 to 4) are stored, every named
 * signer gets their link, the content hash is frozen, the state becomes in-signing and the
 * event 'signign-start' is logged.
 */
export async function startSigning(
  platform: Platform,
  options: { dealId: string; user: Caller; input: SignerSetupRequest },
): Promise<SigningView> {
  await platform.database.db.transaction(async (tx) => {
    const context = await loadSigningContext(tx, { ...options, isLocked: true });
    const party = requireEditor(context);
    const { deal } = context;
    if (!isDealEditable(deal.state)) throw refuse('notInSigning');
    const sections = await findSections(tx, deal.id);
    // The rule the editor's button shows (`canStartSigning`), with the first section that
    // keeps it closed named.
    const [waiting] = sectionsAwaitingAgreement(sections, party, deal.process);
    if (waiting) throw refuse('changesNotAgreed', { section: waiting.title });
    const signers = validatedSigners(options.input.signers, {
      party,
      mode: 'signing',
    });
    const use2fa = options.input.use2faInSigning ?? deal.use2faInSigning;
    await replaceSigners(tx, { dealId: deal.id, party, signers, use2fa });
    // The starter's choice is the deal's: the other party's signers named ahead follow it too.
    await tx
      .update(dealSigners)
      .set({ use2fa })
      .where(and(eq(dealSigners.dealId, deal.id), isNull(dealSigners.revokedAt)));
    const content = await loadContractContent(tx, deal.id);
    if (!content) throw new AppError('not_found');
    await tx
      .update(deals)
      .set({
        state: 'in-signing',
        use2faInSigning: use2fa,
        contentSha256: content.sha256,
        signingStartedAt: sql`now()`,
        modifiedAt: new Date(),
      })
      .where(eq(deals.id, deal.id));
    const all = await partySigners(tx, deal.id);
    await inviteSigners(platform, tx, {
      deal,
      signers: all,
      senderName: await callerName(tx, options.user.id),
    });
    await appendEvent(tx, {
      collection: 'deals',
      documentId: deal.id,
      event: 'signign-start',
      userId: options.user.id,
      data: { actorParty: party, contentSha256: content.sha256, signers: all.length },
    });
    await notifySigning(platform, tx, {
      deal,
      actorId: options.user.id,
      event: 'signing-start',
      data: { actorParty: party },
    });
    await afterSigningChange(platform, tx, deal.id, true);
    await queueDealWebhook(platform, tx, { type: 'signing.started', dealId: deal.id });
  });
  return getSigningView(platform, options);
}

/**
 * POST /deals/:dealId/cancel-signing (spec 3 §4): in signing, by an editing party; every
 * signer is removed, the state goes back to negotiate (process sign becomes negotiate) and the
 * event restart-nego (or sign-to-nego) is logged. A deal someone has signed already cannot go
 * back: their signature would be dropped silently.
 */
export async function cancelSigning(
  platform: Platform,
  options: { dealId: string; user: Caller },
): Promise<SigningView> {
  await platform.database.db.transaction(async (tx) => {
    const context = await loadSigningContext(tx, { ...options, isLocked: true });
    const party = requireEditor(context);
    const { deal } = context;
    if (deal.state !== 'in-signing') throw refuse('notInSigning');
    if (deal.process !== 'negotiate' && deal.process !== 'sign') throw new AppError('forbidden');
    const signers = await partySigners(tx, deal.id);
    if (signers.some((signer) => signer.state === 'signed')) {
      throw new AppError('signing_cancel_after_signature');
    }
    // The signers hear of it too, though their slots go now.
    const audience = await dealAudienceIds(tx, deal.id);
    await tx.delete(dealSigners).where(eq(dealSigners.dealId, deal.id));
    const removed = signers;
    await tx
      .update(deals)
      .set({
        state: 'negotiate',
        process: 'negotiate',
        contentSha256: null,
        signingStartedAt: null,
        modifiedAt: new Date(),
      })
      .where(eq(deals.id, deal.id));
    const event = deal.process === 'sign' ? 'sign-to-nego' : 'restart-nego';
    await appendEvent(tx, {
      collection: 'deals',
      documentId: deal.id,
      event,
      userId: options.user.id,
      data: { actorParty: party },
    });
    await notifySigning(platform, tx, {
      deal,
      actorId: options.user.id,
      event,
      data: { actorParty: party },
      audience,
    });
    await afterSigningChange(platform, tx, deal.id, true, removed);
  });
  return getSigningView(platform, options);
}

/** The signer a request acts as: on this deal, not revoked. */
async function findSigner(db: DbOrTx, dealId: string, signerId: string, isLocked = false) {
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

/** The two-step routes act only for the signer themself, in signing, on a deal that asks for it. */
async function requireOwnSigner(
  platform: Platform,
  options: { dealId: string; signerId: string; user: Caller },
): Promise<SignerRow> {
  const { db } = platform.database;
  const context = await loadSigningContext(db, options);
  const signer = await findSigner(db, context.deal.id, options.signerId);
  if (!signer) throw refuse('signerNotFound');
  if (signer.email !== options.user.email.toLowerCase()) {
    throw refuse('notYourSigner');
  }
  const isEmailProven = isSignerEmailProven(signer, {
    id: options.user.id,
    isEmailVerified: options.user.emailVerified,
  });
  if (!isEmailProven) {
    throw refuse('emailNotVerified');
  }
  if (context.deal.state !== 'in-signing') throw refuse('notInSigning');
  if (signer.state === 'signed') throw refuse('alreadySigned');
  if (!signer.use2fa) throw new AppError('two_step_not_used');
  return signer;
}

/** POST .../signers/:signerId/code: an SMS code to the signer's phone. */
export async function sendCode(
  platform: Platform,
  options: { dealId: string; signerId: string; user: Caller },
) {
  const signer = await requireOwnSigner(platform, options);
  return sendSignerCode(platform, {
    signerId: signer.id,
    lang: options.user.lang,
    userId: options.user.id,
  });
}

/** POST .../signers/:signerId/code/verify: checks the typed code. */
export async function verifyCode(
  platform: Platform,
  options: { dealId: string; signerId: string; user: Caller; code: string },
) {
  const signer = await requireOwnSigner(platform, options);
  return validateSignerCode(platform, {
    signerId: signer.id,
    code: options.code,
    lang: options.user.lang,
    userId: options.user.id,
  });
}

/**
 * POST /deals/:dealId/signers/:signerId/sign: the typed signature with its font, colour and
 * the consent accepted (its text recorded). Refused unless the deal is in signing, the signer
 * has not signed, the signer's e-mail is the caller's, the SMS check is done when asked, and
 * the text is the one frozen at the start. The last signature completes the deal here.
 */
export async function sign(
  platform: Platform,
  options: {
    dealId: string;
    signerId: string;
    user: Caller;
    input: SignRequest;
    ip: string;
    userAgent: string | null;
  },
): Promise<SigningView> {
  const geo = await lookupGeoIp(platform.config.geoIpUrl, options.ip);
  await platform.database.db.transaction(async (tx) => {
    const context = await loadSigningContext(tx, { ...options, isLocked: true });
    const { deal } = context;
    const signer = (await findSigner(tx, deal.id, options.signerId, true)) ?? null;
    const [code] = signer
      ? await tx
          .select({ state: signerCodes.state })
          .from(signerCodes)
          .where(eq(signerCodes.signerId, signer.id))
      : [];
    const currentSha256 =
      deal.state === 'in-signing' ? await currentContentSha256(platform, tx, deal) : null;
    const refusal = signRefusal({
      dealState: deal.state,
      signer,
      user: options.user,
      isEmailProven:
        signer !== null &&
        isSignerEmailProven(signer, {
          id: options.user.id,
          isEmailVerified: options.user.emailVerified,
        }),
      isTwoStepRequired: signer?.use2fa ?? false,
      twoStepState: code?.state ?? null,
      frozenContentSha256: deal.contentSha256,
      currentContentSha256: currentSha256,
    });
    if (refusal || !signer) throw refuse(refusal ?? 'signerNotFound');
    const { signature, consent } = options.input;
    await tx
      .update(dealSigners)
      .set({
        state: 'signed',
        userId: options.user.id,
        signatureText: signature.text,
        signatureFont: signature.font,
        signatureColor: signature.color,
        signedAt: sql`now()`,
        ip: options.ip,
        city: geo?.city ?? null,
        country: geo?.country ?? null,
        userAgent: options.userAgent?.slice(0, 500) ?? null,
        consentVersion: consent.version,
        consentLang: consent.lang,
        consentText: signingConsentText[consent.lang],
      })
      .where(eq(dealSigners.id, signer.id));
    await appendEvent(tx, {
      collection: 'deals',
      documentId: deal.id,
      event: 'document-sign',
      userId: options.user.id,
      data: {
        signerId: signer.id,
        actorParty: signer.party,
        name: `${signer.firstname} ${signer.lastname}`,
        consentVersion: SIGNING_CONSENT_VERSION,
      },
    });
    await notifySigning(platform, tx, {
      deal,
      actorId: options.user.id,
      event: 'document-sign',
      data: { actorParty: signer.party },
    });
    const all = await partySigners(tx, deal.id);
    const isComplete = isSigningComplete(all);
    if (isComplete) {
      await tx
        .update(deals)
        .set({ state: 'signed', signedAt: sql`now()`, modifiedAt: new Date() })
        .where(eq(deals.id, deal.id));
      await appendEvent(tx, {
        collection: 'deals',
        documentId: deal.id,
        event: 'signing-complete',
        userId: options.user.id,
        data: { signers: all.length, contentSha256: deal.contentSha256 },
      });
      await notifySigning(platform, tx, {
        deal,
        actorId: options.user.id,
        event: 'signing-complete',
      });
      await appendEvent(tx, {
        collection: 'deals',
        documentId: deal.id,
        event: 'send-all-signers-email',
        userId: options.user.id,
        data: { recipients: all.map((one) => one.email) },
      });
      await signingJob(platform).queue(tx, deal.id);
      // Each party's Inbox copy, shown on its way while the PDF is sealed (the archive's hook).
      await announceSignedDeal(platform, 'dealCompleted', tx, deal.id);
    }
    // The signer's own to-sign count changes with every signature.
    await afterSigningChange(platform, tx, deal.id, true);
  });
  return getSigningView(platform, options);
}

/**
 * What is being signed now: the uploaded PDF (process pdf) or the contract content. The PDF's
 * hash is the one stored when its upload completed (a stored file never changes), so signing
 * reads no file and hashes nothing inside its locked transaction; only a file stored before
 * hashes were kept is read and hashed.
 */
async function currentContentSha256(
  platform: Platform,
  db: DbOrTx,
  deal: DealRow,
): Promise<string | null> {
  if (deal.pdfFileId) {
    const [file] = await db
      .select({ sha256: files.sha256, storageKey: files.storageKey })
      .from(files)
      .where(eq(files.id, deal.pdfFileId));
    if (!file) return null;
    return file.sha256 ?? sha256Hex(await platform.storage.get(file.storageKey));
  }
  return (await loadContractContent(db, deal.id))?.sha256 ?? null;
}

async function originalPdf(platform: Platform, db: DbOrTx, fileId: string) {
  const [file] = await db.select().from(files).where(eq(files.id, fileId));
  if (!file) return null;
  return { name: file.name, body: await platform.storage.get(file.storageKey) };
}

/** GET /deals/:dealId/original-pdf: the uploaded PDF of a Send & Sign PDF deal. */
export async function originalPdfFile(
  platform: Platform,
  options: { dealId: string; user: Caller },
): Promise<{ name: string; body: Buffer }> {
  const { db } = platform.database;
  const context = await loadSigningContext(db, options);
  const pdf = context.deal.pdfFileId
    ? await originalPdf(platform, db, context.deal.pdfFileId)
    : null;
  if (!pdf) throw new AppError('not_found');
  return pdf;
}

/** GET /deals/:dealId/signing: the signing view for a party or a signer. */
export async function getSigningView(
  platform: Platform,
  options: { dealId: string; user: Caller },
): Promise<SigningView> {
  const { db } = platform.database;
  const context = await loadSigningContext(db, options);
  const { deal, myParty } = context;
  const signers = await partySigners(db, deal.id);
  const codes = signers.length
    ? await db
        .select({ signerId: signerCodes.signerId, state: signerCodes.state })
        .from(signerCodes)
        .where(
          inArray(
            signerCodes.signerId,
            signers.map((signer) => signer.id),
          ),
        )
    : [];
  const codeOf = new Map(codes.map((code) => [code.signerId, code.state]));
  // The view reads the deal (in the context), its sections and its events once each: the
  // contract content, the start check and the trail's section labels share the sections, and
  // the chain check and the trail share the events.
  const sections = await findSections(db, deal.id);
  const numbered = numberSections(sections);
  const content = await loadContractContent(db, deal.id, { deal, sections });
  if (!content) throw new AppError('not_found');
  const isEditor = context.role === 'edit' && myParty !== null;
  const email = options.user.email.toLowerCase();
  const eventRows = await dealEventRows(db, deal.id);
  const events = auditTrail(eventRows, myParty, sectionLabels(numbered));
  const pdf = await getSignedPdfStatus(db, deal.id);
  const chain = checkEventChain(eventRows, { pinnedHead: pdf?.auditChainHead ?? null });
  const [me] = await db
    .select({ font: users.signatureFont, color: users.signatureColor })
    .from(users)
    .where(eq(users.id, options.user.id));
  const mySigners = myParty ? signers.filter((signer) => signer.party === myParty) : [];
  const isSigning = deal.state === 'in-signing';
  return {
    id: deal.id,
    title: deal.title,
    abstract: deal.abstract,
    contractUid: deal.contractUid ?? '',
    parties: {
      sender: { name: deal.parties.sender?.name ?? '' },
      receiver: { name: deal.parties.receiver?.name ?? '' },
    },
    state: deal.state,
    process: deal.process,
    signedAt: deal.signedAt?.toISOString() ?? null,
    isTrashed: deal.state === 'trash',
    use2faInSigning: deal.use2faInSigning,
    myParty,
    role: context.role,
    isSender: myParty === 'sender' && context.role !== 'signer',
    canStartSigning:
      isEditor &&
      canStartSigning({
        sections: sections as Parameters<typeof canStartSigning>[0]['sections'],
        party: myParty,
        dealState: deal.state,
        canEdit: true,
        process: deal.process,
      }),
    canCancelSigning:
      isEditor &&
      isSigning &&
      (deal.process === 'negotiate' || deal.process === 'sign') &&
      !signers.some((signer) => signer.state === 'signed'),
    canSetupSigners:
      isEditor &&
      (deal.state === 'new' || deal.state === 'negotiate' || isSigning) &&
      !mySigners.some((signer) => signer.state === 'signed'),
    signers: signers.map((signer) => {
      const isMe = signer.email === email;
      const isEmailProven = isSignerEmailProven(signer, {
        id: options.user.id,
        isEmailVerified: options.user.emailVerified,
      });
      return {
        id: signer.id,
        party: signer.party,
        firstname: signer.firstname,
        lastname: signer.lastname,
        email: signer.email,
        // The party's own editors see the phones they entered (the setup keeps them); everyone
        // else sees them masked.
        phone: signer.phone
          ? isEditor && signer.party === myParty
            ? signer.phone
            : maskPhone(signer.phone)
          : null,
        state: signer.state,
        signedAt: signer.signedAt?.toISOString() ?? null,
        signature:
          signer.signatureText && signer.signatureFont && signer.signatureColor
            ? {
                text: signer.signatureText,
                font: signer.signatureFont,
                color: signer.signatureColor,
              }
            : null,
        city: signer.city,
        country: signer.country,
        isMe,
        canSign: canSignAs(signer, { email, isEmailProven }, deal.state),
        isEmailProofNeeded: isMe && isSigning && signer.state === 'new' && !isEmailProven,
        use2fa: signer.use2fa,
        twoStep: codeOf.get(signer.id) ?? null,
      };
    }),
    document: {
      sections: deal.pdfFileId ? [] : content.sections,
      contentSha256: deal.contentSha256 ?? content.sha256,
      hasPdf: deal.pdfFileId !== null,
    },
    events,
    isAuditChainValid: chain.isValid,
    signedPdf: pdf
      ? {
          state: pdf.state,
          sha256: pdf.sha256,
          attempts: pdf.attempts,
          lastError: myParty === 'sender' ? pdf.lastError : null,
          canRetry: pdf.state === 'failed' && myParty === 'sender' && context.role === 'edit',
        }
      : null,
    defaults: {
      font: me?.font ?? DEFAULT_SIGNATURE_FONT,
      color: me?.color ?? DEFAULT_SIGNATURE_COLOR,
    },
  };
}

/** All the deal's events in chain order, each with its actor's name. */
function dealEventRows(db: DbOrTx, dealId: string) {
  return db
    .select({ ...getTableColumns(documentEvents), name: users.name })
    .from(documentEvents)
    .leftJoin(users, eq(users.id, documentEvents.userId))
    .where(and(eq(documentEvents.collection, 'deals'), eq(documentEvents.documentId, dealId)))
    .orderBy(...eventChainOrder);
}

/**
 * The deal's events the caller's party may see (both parties' and its own; with no party only
 * both parties'), oldest first, each with the section it is about.
 */
function auditTrail(
  rows: readonly (ChainRow & { name: string | null })[],
  party: PartyRole | null,
  labels: SectionLabels,
): SigningAuditEvent[] {
  return rows
    .filter((row) => row.party === null || (party !== null && row.party === party))
    .map((row) => ({
      id: row.id,
      seq: row.seq,
      event: row.event,
      party: row.party,
      by: row.name ?? null,
      section: eventSection(row, labels),
      createdAt: row.createdAt.toISOString(),
    }));
}

/** PATCH /signing/defaults: 'Your signature font updated.' / 'Your signature colour updated.' */
export async function updateSignatureDefaults(
  platform: Platform,
  options: { user: Caller; font?: SignatureDefaults['font']; color?: SignatureDefaults['color'] },
): Promise<{ defaults: SignatureDefaults; message: string }> {
  const set: Partial<typeof users.$inferInsert> = {};
  if (options.font) set.signatureFont = options.font;
  if (options.color) set.signatureColor = options.color;
  if (Object.keys(set).length === 0) throw new AppError('validation_failed');
  const [row] = await platform.database.db
    .update(users)
    .set(set)
    .where(eq(users.id, options.user.id))
    .returning({ font: users.signatureFont, color: users.signatureColor });
  return {
    defaults: {
      font: row?.font ?? DEFAULT_SIGNATURE_FONT,
      color: row?.color ?? DEFAULT_SIGNATURE_COLOR,
    },
    message: signingMessage(options.font ? 'fontUpdated' : 'colourUpdated', options.user.lang),
  };
}

/** The sealed PDF for download: a party of the deal or one of its signers, once it is done. */
export async function signedPdfFile(
  platform: Platform,
  options: { dealId: string; user: Caller },
): Promise<{ storageKey: string; name: string; size: number; sha256: string }> {
  const { db } = platform.database;
  const context = await loadSigningContext(db, options);
  const status = await getSignedPdfStatus(db, context.deal.id);
  if (status?.state !== 'done' || !status.fileId || !status.sha256) {
    throw new AppError('not_found');
  }
  const [file] = await db.select().from(files).where(eq(files.id, status.fileId));
  if (!file) throw new AppError('not_found');
  return { storageKey: file.storageKey, name: file.name, size: file.size, sha256: status.sha256 };
}

/** POST /deals/:dealId/signed-pdf/retry: the sender starts a failed signed PDF again. */
export async function retrySigned(
  platform: Platform,
  options: { dealId: string; user: Caller },
): Promise<SigningView> {
  const context = await loadSigningContext(platform.database.db, options);
  if (context.myParty !== 'sender' || context.role !== 'edit') throw new AppError('forbidden');
  const isStarted = await retrySignedPdf(platform, signingJob(platform), context.deal.id);
  if (!isStarted) throw new AppError('signed_pdf_not_failed');
  await announceSignedDeal(platform, 'signedPdfRetried', platform.database.db, context.deal.id);
  return getSigningView(platform, options);
}
