import type { Tx } from '../../db/client';
import type { Platform } from '../../platform/platform';
import { appendDealEvent } from './deal-events';
import type { SignerRow } from './queries';

/**
 * Each signature given before signing ended early (a decline, a withdrawal), voided: its
 * signer, time and text stay in the trail as an event `signature-voided`.
 */
export async function voidSignatures(
  platform: Platform,
  tx: Tx,
  dealId: string,
  signers: readonly SignerRow[],
  userId: string,
): Promise<void> {
  for (const signer of signers) {
    if (signer.state !== 'signed') continue;
    await appendDealEvent(platform, tx, dealId, {
      event: 'signature-voided',
      userId,
      data: {
        signerId: signer.id,
        actorParty: signer.party,
        name: `${signer.firstname} ${signer.lastname}`,
        signedAt: signer.signedAt?.toISOString() ?? null,
        signatureText: signer.signatureText,
      },
    });
  }
}
