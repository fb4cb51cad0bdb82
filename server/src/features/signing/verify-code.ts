import type { Platform } from '../../platform/platform';
import { requireOwnSigner } from './own-signer';
import type { Caller } from './signing-context';
import { validateSignerCode } from './two-step';

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
