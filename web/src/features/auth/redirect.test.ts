import { describe, expect, it } from 'vitest';
import { DASHBOARD_HOME, safeRedirect, ssoStartUrl, withRedirect } from './redirect';

describe('safeRedirect', () => {
  it('follows paths of this app, with their query', () => {
    expect(safeRedirect('/dashboard/account/my')).toBe('/dashboard/account/my');
    expect(safeRedirect('/document/invite/abc?x=1')).toBe('/document/invite/abc?x=1');
  });

  it('falls back to the dashboard without a value', () => {
    expect(safeRedirect(null)).toBe(DASHBOARD_HOME);
    expect(safeRedirect('')).toBe(DASHBOARD_HOME);
    expect(safeRedirect(undefined, '/x')).toBe('/x');
  });

  it('refuses other sites and odd paths', () => {
    for (const value of [
      'https://evil.example/',
      '//evil.example/path',
      '/\\evil.example',
      'javascript:alert(1)',
      'dashboard/home',
      '/dash\nboard',
    ]) {
      expect(safeRedirect(value)).toBe(DASHBOARD_HOME);
    }
  });

  it('does not return to the sign-in pages', () => {
    expect(safeRedirect('/login')).toBe(DASHBOARD_HOME);
    expect(safeRedirect('/login?redirect=/x')).toBe(DASHBOARD_HOME);
    expect(safeRedirect('/signup')).toBe(DASHBOARD_HOME);
    expect(safeRedirect('/sso/complete')).toBe(DASHBOARD_HOME);
    expect(safeRedirect('/loginx')).toBe('/loginx');
  });
});

describe('withRedirect and ssoStartUrl', () => {
  it('encodes the return path as one query value', () => {
    expect(withRedirect('/login', '/document/sign/a?b=1&c=2')).toBe(
      '/login?redirect=%2Fdocument%2Fsign%2Fa%3Fb%3D1%26c%3D2',
    );
    expect(withRedirect('/login', null)).toBe('/login');
  });

  it('starts SSO with a safe return path only', () => {
    expect(ssoStartUrl('google', '/dashboard/account/my')).toBe(
      '/api/v1/auth/sso/google?redirect=%2Fdashboard%2Faccount%2Fmy',
    );
    expect(ssoStartUrl('microsoft', 'https://evil.example')).toBe(
      '/api/v1/auth/sso/microsoft?redirect=%2Fdashboard%2Fhome',
    );
    expect(ssoStartUrl('google', undefined)).toBe('/api/v1/auth/sso/google');
  });
});
