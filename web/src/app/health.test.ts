import { describe, expect, it } from 'vitest';
import { isUpgraded } from './health';

describe('isUpgraded', () => {
  it('is true only when both versions are known and differ', () => {
    expect(isUpgraded('1.0.0', '1.0.1')).toBe(true);
    expect(isUpgraded('1.0.0', '1.0.0')).toBe(false);
    expect(isUpgraded(undefined, '1.0.1')).toBe(false);
    expect(isUpgraded('1.0.0', undefined)).toBe(false);
  });
});
