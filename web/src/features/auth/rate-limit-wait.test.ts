import { describe, expect, it } from 'vitest';
import { ApiError } from '../../app/http';
import { waitMinutes } from './rate-limit-wait';

describe('waitMinutes', () => {
  it('rounds the wait of a 429 up to whole minutes, at least one', () => {
    const limited = (seconds: number) =>
      new ApiError(429, 'rate_limited', 'Too many attempts.', {}, {}, seconds);
    expect(waitMinutes(limited(18))).toBe(1);
    expect(waitMinutes(limited(60))).toBe(1);
    expect(waitMinutes(limited(61))).toBe(2);
    expect(waitMinutes(limited(3600))).toBe(60);
  });

  it('says nothing for a 429 without a wait or for other failures', () => {
    expect(waitMinutes(new ApiError(429, 'rate_limited', 'Too many attempts.'))).toBeUndefined();
    expect(waitMinutes(new ApiError(409, 'email_taken', 'Taken', {}, {}, 5))).toBeUndefined();
    expect(waitMinutes(new Error('boom'))).toBeUndefined();
  });
});
