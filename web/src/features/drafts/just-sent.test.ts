import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isQueuedHere, markJustSent, markQueued, takeJustSent } from './just-sent';

/** A tab's session storage, enough for the note. */
class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

describe('the just-sent greeting', () => {
  let storage: MemoryStorage;
  beforeEach(() => {
    storage = new MemoryStorage();
    (globalThis as { window?: unknown }).window = { sessionStorage: storage };
  });
  afterEach(() => {
    delete (globalThis as { window?: unknown }).window;
  });

  it('is taken once: the first open greets, the next does not', () => {
    markJustSent('deal-1', { title: 'NDA', receivers: 'Beta Ltd, Gamma Oy' });
    expect(takeJustSent('deal-1')).toEqual({ title: 'NDA', receivers: 'Beta Ltd, Gamma Oy' });
    expect(takeJustSent('deal-1')).toBeUndefined();
    expect(takeJustSent('deal-2')).toBeUndefined();
  });

  it('ignores a note that is not ours', () => {
    storage.setItem('pactum.justSent.deal-3', '{"title":1}');
    expect(takeJustSent('deal-3')).toBeUndefined();
    storage.setItem('pactum.justSent.deal-4', 'not json');
    expect(takeJustSent('deal-4')).toBeUndefined();
  });

  it('remembers the drafts this tab queued', () => {
    expect(isQueuedHere('draft-1')).toBe(false);
    markQueued('draft-1');
    expect(isQueuedHere('draft-1')).toBe(true);
  });
});
