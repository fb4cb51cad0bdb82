import { spawn } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Person } from './people';

/**
 * A member of Pactum's own staff who may use the admin area: the admin flag, a verified e-mail
 * on the staff domain (ADMIN_EMAIL_DOMAINS, `pactum.fi` by default). The journeys' server has
 * one from its start; nobody can become one through the app itself.
 */
export type ProductAdmin = Person & {
  /** The base32 key of the authenticator app the admin signs in with (the admin area needs one). */
  totpSecret: string;
};

export const productAdmin: ProductAdmin = {
  firstname: 'Sam',
  lastname: 'Support',
  email: 'sam.support@pactum.fi',
  phone: '+358401234567',
  password: 'staff-horse-battery-9',
  totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
};

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SEED_TIMEOUT_MS = 180_000;

/**
 * Registers the product admin in the database the server is about to open (its data folder or
 * DATABASE_URL in `env`), before the server starts: the embedded database has one process at a
 * time, so this runs in a process of its own (seed-product-admin.ts) that has finished when the
 * server opens the folder.
 */
export function seedProductAdmin(env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((done, fail) => {
    let output = '';
    const child = spawn(process.execPath, ['--import', 'tsx', 'e2e/src/seed-product-admin.ts'], {
      cwd: repoRoot,
      env: {
        ...env,
        SEED_ADMIN: JSON.stringify(productAdmin),
        // The seed itself needs no logs; a failure prints what it says.
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), SEED_TIMEOUT_MS);
    const capture = (chunk: Buffer) => {
      output += chunk.toString();
    };
    child.stdout?.on('data', capture);
    child.stderr?.on('data', capture);
    child.once('error', fail);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) done();
      else fail(new Error(`Seeding the product admin failed (${code ?? signal}):\n${output}`));
    });
  });
}
