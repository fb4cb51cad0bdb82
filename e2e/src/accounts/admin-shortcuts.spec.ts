import { spawn } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { api, pathname, signUpVerified, startJourney } from '../journey';
import { newPerson, signIn } from '../people';
import { authenticatorCode, enterSignInCode } from '../two-factor';

/*
 * The ways into the admin area (issue 37). Sam, a product admin, types the spec's short address
 * /admin (and /admin/users?q=…) and lands on the area's page under /dashboard/admin; a customer
 * typing /admin is told the page is not theirs, as at /dashboard/admin. An operator makes Olga
 * an administrator with `npm run admin -- grant` while the server runs, without stopping it:
 * her menu then has Admin.
 */

const productAdmin = inject('productAdmin');
const serverData = inject('serverData');
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const customer = newPerson('cora', 'customer');
/** Olga works for Pactum: her address is on the staff domain (ADMIN_EMAIL_DOMAINS). */
const olga = {
  ...newPerson('olga', 'operator'),
  email: `olga.${Date.now().toString(36)}@pactum.fi`,
};

const { errors, openPage } = startJourney();
let samPage: Page;
let customerPage: Page;
let olgaPage: Page;

beforeAll(async () => {
  samPage = await openPage();
  customerPage = await openPage();
  olgaPage = await openPage();
});

/** `npm run admin -- …` as an operator types it, beside the journeys' running server. */
function runAdminCommand(
  args: string[],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done, fail) => {
    const child = spawn('npm', ['run', '--silent', 'admin', '--', ...args], {
      cwd: repoRoot,
      env: { ...process.env, ...serverData, LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
    child.once('error', fail);
    child.once('exit', (code) => {
      clearTimeout(timer);
      done({ code, stdout, stderr });
    });
  });
}

describe.skipIf(!productAdmin)('the admin area’s short address', () => {
  it('takes a product admin from /admin to the billing list', async () => {
    if (!productAdmin) return;
    await samPage.goto('/login');
    await signIn(samPage, productAdmin);
    await enterSignInCode(samPage, authenticatorCode(productAdmin.totpSecret));
    await samPage.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    // Sam is shared with the admin journey, which shows him the area in Finnish: in English here.
    await api(samPage, 'PATCH', '/me', { lang: 'en' });

    await samPage.goto('/admin');
    await samPage.waitForURL('**/dashboard/admin/billing');
    await samPage.getByRole('heading', { level: 1, name: 'Billing accounts' }).waitFor();
  });

  it('keeps the rest of the address: /admin/users?q=… is the users list searched', async () => {
    await samPage.goto('/admin/users?q=sam.support');
    await samPage.waitForURL('**/dashboard/admin/users?q=sam.support');
    await samPage.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    // The search the address asked for, answered: Sam himself is the one match.
    await samPage
      .getByRole('table', { name: 'Users' })
      .getByRole('link', { name: `${productAdmin?.firstname} ${productAdmin?.lastname}` })
      .waitFor();
    expect(await samPage.getByRole('table', { name: 'Users' }).getByRole('row').count()).toBe(2);
  });

  it('tells a customer at /admin what /dashboard/admin tells them', async () => {
    await signUpVerified(customerPage, customer);
    await customerPage.goto('/admin');
    await customerPage.waitForURL('**/dashboard/admin/billing');
    await customerPage.getByText('Only product administrators can see this page.').waitFor();
  });
});

describe.skipIf(!serverData)('naming an administrator while the server runs', () => {
  it('`npm run admin -- grant` makes Olga an administrator without stopping the server', async () => {
    await signUpVerified(olgaPage, olga);
    await olgaPage.goto('/dashboard/home');
    const mainMenu = olgaPage.getByRole('navigation', { name: 'Main menu' });
    await mainMenu.getByRole('link', { name: 'Archive' }).waitFor();
    expect(await mainMenu.getByRole('link', { name: 'Admin' }).count()).toBe(0);

    const granted = await runAdminCommand(['grant', olga.email]);
    expect(granted.stderr).toBe('');
    expect(granted.code).toBe(0);
    expect(granted.stdout.trim()).toBe(`Granted admin for ${olga.email}.`);

    // The server that answered never stopped: her next page shows her the area.
    expect((await api<{ isAdmin: boolean }>(olgaPage, 'GET', '/me')).isAdmin).toBe(true);
    await olgaPage.reload();
    await mainMenu.getByRole('link', { name: 'Admin' }).waitFor();
    expect(pathname(olgaPage)).toBe('/dashboard/home');
  });
});

describe('the journey', () => {
  it('ends without script errors', () => {
    expect(errors).toEqual([]);
  });
});
