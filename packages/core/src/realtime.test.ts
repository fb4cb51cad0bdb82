import { describe, expect, it } from 'vitest';
import { clientMessageSchema, topicQueryKey, topicSchema } from './realtime';

describe('realtime topics', () => {
  it('accepts kind:id topics and refuses anything else', () => {
    expect(topicSchema.safeParse('deal:8b1f-42').success).toBe(true);
    expect(topicSchema.safeParse('draft-queue:abc').success).toBe(true);
    for (const bad of [
      'deal',
      'deal:',
      ':42',
      'Deal:42',
      'deal:4 2',
      'deal:42:x',
      `deal:${'x'.repeat(300)}`,
    ]) {
      expect(topicSchema.safeParse(bad).success).toBe(false);
    }
  });

  it('maps a topic to the query key prefix its events refresh', () => {
    expect(topicQueryKey('deal:42')).toEqual(['deal', '42']);
    expect(topicQueryKey('draft-queue:a-b')).toEqual(['draft-queue', 'a-b']);
  });

  it('reads only the client messages of the protocol', () => {
    expect(clientMessageSchema.safeParse({ type: 'subscribe', topic: 'user:1' }).success).toBe(
      true,
    );
    expect(clientMessageSchema.safeParse({ type: 'ping' }).success).toBe(true);
    expect(clientMessageSchema.safeParse({ type: 'publish', topic: 'user:1' }).success).toBe(false);
    expect(clientMessageSchema.safeParse({ type: 'subscribe' }).success).toBe(false);
  });
});
