import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser } from '../../test/factories';
import {
  askLocalControl,
  type LocalControl,
  localControlPath,
  startLocalControl,
} from './local-control';

/*
 * The running server's control socket, which `npm run admin` uses beside a server that holds the
 * embedded database: only the server's user may open it, it runs the admin-flag commands only,
 * and without a server the command is told to open the database itself.
 */

let t: TestApp;
let dataDir: string;
let control: LocalControl;
const log = pino({ level: 'silent' });

beforeAll(async () => {
  t = await createTestApp();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pactum-ctl-'));
  control = await startLocalControl({
    config: { databaseUrl: undefined, dataDir, adminEmailDomains: ['pactum.fi'] },
    database: t.database,
    log,
  });
});

afterAll(async () => {
  await control.close();
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Sends `text` as it is to the socket and returns what comes back. */
function rawRequest(socketPath: string, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let answer = '';
    const socket = net.createConnection(socketPath, () => socket.write(text));
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      answer += chunk;
    });
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('the local control socket', () => {
  it('is open to the server’s user only: a 0700 folder, a 0600 socket', () => {
    const socketPath = localControlPath(dataDir);
    const folder = fs.statSync(path.dirname(socketPath));
    const socket = fs.lstatSync(socketPath);
    expect(socket.isSocket()).toBe(true);
    expect(folder.mode & 0o777).toBe(0o700);
    expect(socket.mode & 0o777).toBe(0o600);
    expect(folder.uid).toBe(process.getuid?.());
  });

  it('grants, lists and revokes the admin flag in the running server’s database', async () => {
    const user = await createUser(t.platform, { email: `staff-${Date.now()}@pactum.fi` });
    const granted = await askLocalControl(dataDir, { command: 'grant', email: user.email });
    expect(granted).toEqual({
      exitCode: 0,
      lines: [{ level: 'info', text: `Granted admin for ${user.email}.` }],
    });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.isAdmin).toBe(true);
    const listed = await askLocalControl(dataDir, { command: 'list' });
    expect(listed?.lines).toContainEqual({ level: 'info', text: user.email });

    const revoked = await askLocalControl(dataDir, { command: 'revoke', email: user.email });
    expect(revoked?.exitCode).toBe(0);
    const [after] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(after?.isAdmin).toBe(false);

    const missing = await askLocalControl(dataDir, { command: 'grant', email: 'nobody@pactum.fi' });
    expect(missing).toEqual({
      exitCode: 1,
      lines: [{ level: 'error', text: 'No user with the e-mail nobody@pactum.fi.' }],
    });
  });

  it('runs nothing but the admin-flag commands', async () => {
    const socketPath = localControlPath(dataDir);
    const user = await createUser(t.platform, { email: `other-${Date.now()}@example.test` });
    for (const request of [
      'not json\n',
      '{"command":"drop","email":"x@y.z"}\n',
      `{"command":"grant","email":"${user.email}","isAdmin":true,"sql":"x"}\n`,
      `{"command":"grant"}\n`,
    ]) {
      const answer = JSON.parse(await rawRequest(socketPath, request));
      expect(answer).toEqual({
        exitCode: 1,
        lines: [{ level: 'error', text: 'The server did not understand the request.' }],
      });
    }
    const tooLong = JSON.parse(await rawRequest(socketPath, 'x'.repeat(5_000)));
    expect(tooLong.lines[0].text).toBe('The request to the server was too long.');
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.isAdmin).toBe(false);
  });

  it('is closed to the machine’s other users', async () => {
    // Only root may act as another user; an ordinary account running the tests skips this.
    if (process.getuid?.() !== 0) return;
    const socketPath = localControlPath(dataDir);
    // The data folder itself open to all: the control folder alone keeps them out.
    fs.chmodSync(dataDir, 0o755);
    const script = `require('node:net').createConnection(${JSON.stringify(socketPath)})
      .on('connect', () => { console.log('connected'); process.exit(0); })
      .on('error', (error) => { console.log(error.code); process.exit(0); });`;
    const nobody = spawnSync(process.execPath, ['-e', script], {
      uid: 65534,
      gid: 65534,
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(nobody.stdout.trim()).toBe('EACCES');
  });

  it('is not opened on PostgreSQL, and tells the command when no server listens', async () => {
    const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'pactum-ctl-'));
    try {
      const none = await startLocalControl({
        config: { databaseUrl: 'postgres://db/x', dataDir: elsewhere, adminEmailDomains: [] },
        database: t.database,
        log,
      });
      expect(fs.existsSync(localControlPath(elsewhere))).toBe(false);
      await none.close();
      // No socket: the command opens the database itself.
      expect(await askLocalControl(elsewhere, { command: 'list' })).toBeUndefined();
      // A socket a killed server left behind: the same.
      leaveStaleSocket(localControlPath(elsewhere));
      expect(fs.lstatSync(localControlPath(elsewhere)).isSocket()).toBe(true);
      expect(await askLocalControl(elsewhere, { command: 'list' })).toBeUndefined();
    } finally {
      fs.rmSync(elsewhere, { recursive: true, force: true });
    }
  });

  it('takes over a killed server’s socket and tightens a folder opened to others', async () => {
    const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'pactum-ctl-'));
    const socketPath = localControlPath(elsewhere);
    leaveStaleSocket(socketPath);
    fs.chmodSync(path.dirname(socketPath), 0o755);
    try {
      const next = await startLocalControl({
        config: { databaseUrl: undefined, dataDir: elsewhere, adminEmailDomains: [] },
        database: t.database,
        log,
      });
      expect(fs.statSync(path.dirname(socketPath)).mode & 0o777).toBe(0o700);
      expect((await askLocalControl(elsewhere, { command: 'list' }))?.exitCode).toBe(0);
      await next.close();
      expect(fs.existsSync(socketPath)).toBe(false);
    } finally {
      fs.rmSync(elsewhere, { recursive: true, force: true });
    }
  });
});

/** A socket file with nobody listening, as a server killed with SIGKILL leaves it. */
function leaveStaleSocket(socketPath: string): void {
  fs.mkdirSync(path.dirname(socketPath), { recursive: true, mode: 0o700 });
  const script = `require('node:net').createServer()
    .listen(${JSON.stringify(socketPath)}, () => process.kill(process.pid, 'SIGKILL'));`;
  spawnSync(process.execPath, ['-e', script], { timeout: 20_000 });
}
