import type { DealProcess, DealState } from '@pactum/core/documents';

/**
 * Where the sent-deal wrapper sends its user (spec 2 §2.3): the signing view when the process
 * is sign or the state is neither new nor negotiate; otherwise the negotiation view stays.
 */
export function sentDealView(deal: {
  process: DealProcess;
  state: DealState;
}): 'negotiate' | 'sign' {
  if (deal.process === 'sign') return 'sign';
  return deal.state === 'new' || deal.state === 'negotiate' ? 'negotiate' : 'sign';
}

/** Passthrough time from queueing to signing (or to now while unsigned), spec 2 §2.3. */
export function passthroughStart(deal: {
  sendQueuedAt: string | null;
  sentAt: string | null;
  createdAt: string;
}): string {
  return deal.sendQueuedAt ?? deal.sentAt ?? deal.createdAt;
}
