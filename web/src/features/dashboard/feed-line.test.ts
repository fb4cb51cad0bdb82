import { describe, expect, it } from 'vitest';
import { feedLineText } from './feed-line';

describe('feedLineText', () => {
  it('names the actor and the event in the shared wording', () => {
    const item = { actorName: 'Rick Receiver', event: 'section-edit', sectionTitle: null } as const;
    expect(feedLineText('en', item, 'Someone')).toBe('Rick Receiver edited a section');
    expect(feedLineText('fi', item, 'Joku')).toBe('Rick Receiver muokkasi kohtaa');
  });

  it('adds a section’s title in the language’s quotes', () => {
    const item = { actorName: 'Rick', event: 'section-agree', sectionTitle: 'Purpose' } as const;
    expect(feedLineText('en', item, 'Someone')).toBe('Rick agreed to section “Purpose”');
    expect(feedLineText('fi', item, 'Joku')).toBe('Rick hyväksyi kohdan ”Purpose”');
  });

  it('names an actor whose account is gone with the given word', () => {
    const item = { actorName: ' ', event: 'document-sign', sectionTitle: null } as const;
    expect(feedLineText('en', item, 'Someone')).toBe('Someone signed a document');
  });

  it('says the document is signed by all parties without naming the last signer', () => {
    const item = { actorName: 'Rick', event: 'signing-complete', sectionTitle: null } as const;
    expect(feedLineText('en', item, 'Someone')).toBe('Is signed by all parties');
    expect(feedLineText('fi', item, 'Joku')).toBe('On kaikkien osapuolten allekirjoittama');
  });
});
