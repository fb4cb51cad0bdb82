import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type pino from 'pino';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import {
  type AdminFlagOutcome,
  type AdminFlagRequest,
  adminFlagOutcomeSchema,
  adminFlagRequestSchema,
  runAdminFlagCommand,
} from './admin-flag-command';

/*
 * The running server's local control channel: how `npm run admin -- grant EMAIL` reaches the
 * embedded database while the server holds it (PGlite is one process's; a second opener is
 * refused by the data folder's lock).
 *
 * Security: a Unix domain socket, `DATA_DIR/control/admin.sock`, in a folder of mode 0700 owned
 * by the server's user (the socket itself 0600). Only that user (and root) may connect: the
 * same people who may read and write the database's files anyway, so it gives no one a power
 * they lack. It is not a TCP port, so nothing on the network reaches it, and a browser cannot
 * speak to a Unix socket, so no web page can make a visitor's browser call it. It takes one
 * JSON line of at most 4 KB, only the three admin-flag commands of a strict schema, and answers
 * once; each command is logged. Only the embedded database gets it: with DATABASE_URL the
 * command opens PostgreSQL itself beside any number of servers.
 */

/** The control socket of the server that holds the embedded database in `dataDir`. */
export function localControlPath(dataDir: string): string {
  return path.join(dataDir, 'control', 'admin.sock');
}

/** The longest socket path the platforms take (sun_path: 108 bytes on Linux, 104 on macOS). */
const MAX_SOCKET_PATH_BYTES = 103;
const MAX_REQUEST_BYTES = 4_096;
const MAX_ANSWER_BYTES = 1_000_000;
/** A connection that has not sent its request by then is closed. */
const REQUEST_TIMEOUT_MS = 10_000;
/** How long the command waits for the server's answer. */
const ANSWER_TIMEOUT_MS = 30_000;

export type LocalControl = { close(): Promise<void> };

const noControl: LocalControl = { close: async () => {} };

/** Why the command could not use the running server: one sentence for the operator. */
export class LocalControlError extends Error {
  override name = 'LocalControlError';
}

function isSocketPathUsable(socketPath: string): boolean {
  return process.platform !== 'win32' && Buffer.byteLength(socketPath) <= MAX_SOCKET_PATH_BYTES;
}

/**
 * Makes `folder` a directory only this process's user may enter (0700), or says why not: a
 * folder of another user, or a link that could lead the socket elsewhere, is not used.
 */
function prepareFolder(folder: string): string | undefined {
  fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
  const stat = fs.lstatSync(folder);
  if (!stat.isDirectory()) return `${folder} is not a directory`;
  if (typeof process.getuid === 'function' && stat.uid !== process.getuid()) {
    return `${folder} belongs to another user`;
  }
  if ((stat.mode & 0o077) !== 0) fs.chmodSync(folder, 0o700);
  return undefined;
}

/**
 * Opens the control socket of a server on the embedded database; a no-op on PostgreSQL. A
 * socket it cannot open is a warning, never a failed start: the command then tells the operator
 * what to do.
 */
export async function startLocalControl(options: {
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'adminEmailDomains'>;
  database: Database;
  log: pino.Logger;
}): Promise<LocalControl> {
  const { config, database, log } = options;
  if (config.databaseUrl) return noControl;
  const socketPath = localControlPath(config.dataDir);
  if (!isSocketPathUsable(socketPath)) {
    log.warn(
      { socketPath },
      'no admin control socket: the path is too long for a Unix socket (use a shorter DATA_DIR); `npm run admin` works only while the server is stopped',
    );
    return noControl;
  }
  try {
    const problem = prepareFolder(path.dirname(socketPath));
    if (problem) throw new Error(problem);
    // We hold the data folder's lock, so a socket left here is a stopped server's.
    const left = fs.lstatSync(socketPath, { throwIfNoEntry: false });
    if (left?.isSocket()) fs.rmSync(socketPath);
    else if (left) throw new Error(`${socketPath} exists and is not a socket`);
  } catch (error) {
    log.warn({ err: error, socketPath }, 'no admin control socket');
    return noControl;
  }

  const server = net.createServer((socket) => serve(socket, { config, database, log }));
  const isListening = await new Promise<boolean>((resolve) => {
    server.once('error', (error) => {
      log.warn({ err: error, socketPath }, 'no admin control socket');
      resolve(false);
    });
    server.listen(socketPath, () => resolve(true));
  });
  if (!isListening) return noControl;
  fs.chmodSync(socketPath, 0o600);
  server.on('error', (error) => log.error({ err: error }, 'admin control socket error'));
  return {
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(socketPath, { force: true });
    },
  };
}

function serve(
  socket: net.Socket,
  context: {
    config: Pick<Config, 'adminEmailDomains'>;
    database: Database;
    log: pino.Logger;
  },
): void {
  const answer = (outcome: AdminFlagOutcome) => socket.end(`${JSON.stringify(outcome)}\n`);
  const refuse = (text: string) => answer({ exitCode: 1, lines: [{ level: 'error', text }] });
  let received = '';
  let isHandled = false;
  socket.setEncoding('utf8');
  socket.setTimeout(REQUEST_TIMEOUT_MS, () => socket.destroy());
  socket.on('error', () => socket.destroy());
  socket.on('data', (chunk: string) => {
    if (isHandled) return;
    received += chunk;
    const end = received.indexOf('\n');
    if (end === -1) {
      if (Buffer.byteLength(received) > MAX_REQUEST_BYTES) {
        isHandled = true;
        refuse('The request to the server was too long.');
      }
      return;
    }
    isHandled = true;
    socket.setTimeout(0);
    let request: AdminFlagRequest;
    try {
      request = adminFlagRequestSchema.parse(JSON.parse(received.slice(0, end)));
    } catch {
      refuse('The server did not understand the request.');
      return;
    }
    runAdminFlagCommand(context.database, context.config, request).then(
      (outcome) => {
        context.log.info(
          { command: request.command, ...('email' in request ? { email: request.email } : {}) },
          `admin command from the local control socket: ${request.command}`,
        );
        answer(outcome);
      },
      (error: unknown) => {
        context.log.error({ err: error }, 'admin command from the local control socket failed');
        refuse('The server could not run the command; its log says why.');
      },
    );
  });
}

/**
 * Runs the command in the server that holds the embedded database in `dataDir`. Undefined when
 * no server listens there (no socket, or one a stopped server left): the caller opens the
 * database itself. A socket it may not use, or a server that does not answer, is a
 * LocalControlError.
 */
export async function askLocalControl(
  dataDir: string,
  request: AdminFlagRequest,
): Promise<AdminFlagOutcome | undefined> {
  const socketPath = localControlPath(dataDir);
  if (!isSocketPathUsable(socketPath)) return undefined;
  return new Promise((resolve, reject) => {
    let received = '';
    let isSettled = false;
    const settle = (outcome: () => AdminFlagOutcome | undefined) => {
      if (isSettled) return;
      isSettled = true;
      socket.destroy();
      try {
        resolve(outcome());
      } catch (error) {
        reject(error);
      }
    };
    const socket = net.createConnection(socketPath, () => {
      socket.write(`${JSON.stringify(request)}\n`);
    });
    socket.setEncoding('utf8');
    socket.setTimeout(ANSWER_TIMEOUT_MS, () =>
      settle(() => {
        throw new LocalControlError(
          `The running Pactum server did not answer on ${socketPath} within ${ANSWER_TIMEOUT_MS / 1000} seconds; check its log and try again.`,
        );
      }),
    );
    socket.on('data', (chunk: string) => {
      received += chunk;
      if (received.length > MAX_ANSWER_BYTES) {
        settle(() => {
          throw new LocalControlError('The running Pactum server gave an answer too long to read.');
        });
      }
    });
    socket.on('end', () =>
      settle(() => {
        const parsed = adminFlagOutcomeSchema.safeParse(safeJson(received.trim()));
        if (!parsed.success) {
          throw new LocalControlError(
            `The running Pactum server gave no answer this command understands on ${socketPath}; is it the same version?`,
          );
        }
        return parsed.data;
      }),
    );
    socket.on('error', (error: NodeJS.ErrnoException) =>
      settle(() => {
        // No server: no socket, or one a stopped (or killed) server left behind.
        if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') return undefined;
        if (error.code === 'EACCES' || error.code === 'EPERM') {
          throw new LocalControlError(
            `You may not use the running server's control socket ${socketPath}: run this command as the user that runs the server.`,
          );
        }
        throw new LocalControlError(
          `Could not reach the running server on ${socketPath} (${error.code ?? error.message}).`,
        );
      }),
    );
  });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
