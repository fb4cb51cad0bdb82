import { randomBytes } from 'node:crypto';
import type { PartyRole } from '@pactum/core/documents';
import { type SignerInput, validateSigners } from '@pactum/core/signing';
import type { Tx } from '../../db/client';
import { dealSigners } from '../../db/schema';
import type { DealRow } from '../../documents/deal-reads';
import { AppError } from '../../http/app-error';
import type { Platform } from '../../platform/platform';
import { deleteSigners, type SignerRow, userLang, verifiedUserIds } from './queries';
import { signerIssueError } from './refusals';
import { startTwoStep } from './two-step';

/*
 * A party's signers: the list a party names checked, stored as signer records with their own
 * links, and each signer e-mailed their link.
 */

/** A signer's link: `/document/sign/{shortId}`; 128 bits from the CSPRNG, base64url. */
export function newSignerShortId(): string {
  return randomBytes(16).toString('base64url');
}

export function signingLink(platform: Platform, shortId: string): string {
  return new URL(`/document/sign/${shortId}`, platform.config.publicUrl).toString();
}

/** The signers a party names, checked: only its own, else 403; the first problem refused. */
export function validatedSigners(
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

/** Replaces a party's unsigned signers with new records (fresh links). */
export async function replaceSigners(
  tx: Tx,
  options: { dealId: string; party: PartyRole; signers: SignerInput[]; use2fa: boolean },
): Promise<SignerRow[]> {
  await deleteSigners(tx, options.dealId, 'replaced', { party: options.party });
  return insertSigners(tx, options);
}

/** New signer records of a party, each with a fresh link. */
export async function insertSigners(
  tx: Tx,
  options: { dealId: string; party: PartyRole; signers: SignerInput[]; use2fa: boolean },
): Promise<SignerRow[]> {
  if (options.signers.length === 0) return [];
  // A signer whose account has the verified address is theirs at once (the to-sign list, the
  // link). An unverified account with that address is not: whoever holds the mailbox claims the
  // signer by opening the link, so registering with someone's address earns nothing.
  const userIdOf = await verifiedUserIds(
    tx,
    options.signers.map((signer) => signer.email),
  );
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
