import { randomBytes } from 'node:crypto';

/** The secret id of an invite or signing link: 128 random bits, URL-safe (22 characters). */
export function newLinkId(): string {
  return randomBytes(16).toString('base64url');
}
