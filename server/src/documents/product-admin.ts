import type { Platform } from '../platform/platform';

/**
 * A product administrator, one of Pactum's own staff: the user's admin flag, a verified e-mail,
 * and that e-mail on one of ADMIN_EMAIL_DOMAINS. The one rule for the admin area, global
 * templates, restoring trashed deals and `GET /me`'s `isAdmin`.
 */
export function isProductAdmin(
  platform: Platform,
  user: { isAdmin: boolean; emailVerified: boolean; email: string },
): boolean {
  const domain = user.email.slice(user.email.lastIndexOf('@') + 1).toLowerCase();
  return user.isAdmin && user.emailVerified && platform.config.adminEmailDomains.includes(domain);
}
