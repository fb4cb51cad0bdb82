import { isMainThread, threadId } from 'node:worker_threads';
import { PDFDocument } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { createPrintableRenderer } from './printable';
import type { PrintablePdfInput } from './render';

const renderer = createPrintableRenderer();
afterAll(async () => {
  await renderer.close();
});

const input = (text: string): PrintablePdfInput => ({
  title: 'Supply agreement',
  contractId: 'C-1',
  parties: {
    sender: { type: 'business', name: 'Seller Oy' },
    receiver: { type: 'business', name: 'Buyer Ab' },
  },
  sections: [{ number: '1', title: 'Delivery', html: `<p>${text}</p>` }],
  lang: 'en',
});

describe('printable PDFs', () => {
  it('are drawn in a thread of their own, once per content while the copy is kept', async () => {
    expect(isMainThread).toBe(true);
    const first = await renderer.render(input('Delivery in 30 days.'));
    expect((await PDFDocument.load(first)).getPageCount()).toBeGreaterThan(0);
    expect(renderer.stats.lastThreadId).toBeGreaterThan(0);
    expect(renderer.stats.lastThreadId).not.toBe(threadId);

    const again = await renderer.render(input('Delivery in 30 days.'));
    expect(Buffer.compare(Buffer.from(again), Buffer.from(first))).toBe(0);
    expect(renderer.stats).toMatchObject({ renders: 1, cacheHits: 1 });

    await renderer.render(input('Delivery in 45 days.'));
    expect(renderer.stats).toMatchObject({ renders: 2, cacheHits: 1 });
  });

  it('answers a drawing that failed with its error, and draws the next one', async () => {
    await expect(
      renderer.render({ ...input('x'), sections: null } as unknown as PrintablePdfInput),
    ).rejects.toThrow();
    const after = await renderer.render(input('After a failure.'));
    expect(after.byteLength).toBeGreaterThan(0);
  });
});
