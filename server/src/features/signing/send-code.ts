import type { Platform } from '../../platform/platform';
import { requireOwnSigner } from './own-signer';
import type { Caller } from './signing-context';
import { sendSignerCode } from './two-step';

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
