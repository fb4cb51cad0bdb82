import { isSignerEmailProven } from '@pactum/core/signing';
import { AppError } from '../../http/app-error';
import type { Platform } from '../../platform/platform';
import { findSigner, type SignerRow } from './queries';
import { signingRefusal as refuse } from './refusals';
import { type Caller, loadSigningContext } from './signing-context';

/** The two-step routes act only for the signer themself, in signing, on a deal that asks for it. */
export async function requireOwnSigner(
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
