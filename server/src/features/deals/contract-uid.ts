import { defaultContractUid } from '@pactum/core/deals';
import type { DealRow } from '../../documents/deal-reads';

/** The deal's contract id: the one its sender set, else the default made of its parties. */
export function contractUidOf(deal: Pick<DealRow, 'id' | 'contractUid' | 'parties'>): string {
  return (
    deal.contractUid ||
    defaultContractUid({
      senderName: deal.parties.sender.name,
      receiverName: deal.parties.receiver.name,
      dealId: deal.id,
    })
  );
}
