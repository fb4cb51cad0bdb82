import { describe, expect, it } from 'vitest';
import { redactUrl } from './redact';

describe('redactUrl', () => {
  it('hides invite and signing link ids', () => {
    expect(redactUrl('/document/sign/AbC123xyz')).toBe('/document/sign/[redacted]');
    expect(redactUrl('/document/invite/AbC123xyz?x=1')).toBe('/document/invite/[redacted]?x=1');
    expect(redactUrl('/api/v1/signers/abc/code')).toBe('/api/v1/signers/[redacted]/code');
    expect(redactUrl('/api/v1/invites/sign/AbC123')).toBe('/api/v1/invites/sign/[redacted]');
  });

  it('hides secret query values and keeps the rest', () => {
    expect(redactUrl('/verify/email?mode=verifyEmail&code=123456')).toBe(
      '/verify/email?mode=verifyEmail&code=[redacted]',
    );
    expect(redactUrl('/x?page=2&token=abc&Password=p')).toBe(
      '/x?page=2&token=[redacted]&Password=[redacted]',
    );
  });

  it('leaves ordinary URLs alone', () => {
    expect(redactUrl('/api/v1/deals?page=3')).toBe('/api/v1/deals?page=3');
    expect(redactUrl('/document/sign/')).toBe('/document/sign/');
  });
});
