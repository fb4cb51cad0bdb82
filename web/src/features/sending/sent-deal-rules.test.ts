import { describe, expect, it } from 'vitest';
import { passthroughStart, sentDealView } from './sent-deal-rules';

describe('sentDealView', () => {
  it('keeps new and negotiate deals of the negotiate process in negotiation', () => {
    expect(sentDealView({ process: 'negotiate', state: 'new' })).toBe('negotiate');
    expect(sentDealView({ process: 'negotiate', state: 'negotiate' })).toBe('negotiate');
  });

  it('sends sign-process deals and deals past negotiation to signing', () => {
    expect(sentDealView({ process: 'sign', state: 'new' })).toBe('sign');
    expect(sentDealView({ process: 'negotiate', state: 'in-signing' })).toBe('sign');
    expect(sentDealView({ process: 'negotiate', state: 'signed' })).toBe('sign');
  });
});

describe('passthroughStart', () => {
  it('counts from queueing, else from sending, else from creation', () => {
    const createdAt = '2026-01-01T00:00:00Z';
    expect(passthroughStart({ sendQueuedAt: 'q', sentAt: 's', createdAt })).toBe('q');
    expect(passthroughStart({ sendQueuedAt: null, sentAt: 's', createdAt })).toBe('s');
    expect(passthroughStart({ sendQueuedAt: null, sentAt: null, createdAt })).toBe(createdAt);
  });
});
