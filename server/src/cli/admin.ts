import { ConfigError, loadConfig } from '../config';
import { DataDirLockedError } from '../db/lock';
import {
  ADMIN_FLAG_USAGE,
  type AdminFlagOutcome,
  type AdminFlagRequest,
  parseAdminFlagArgs,
  runAdminFlagCommand,
} from '../features/admin/admin-flag-command';
import {
  askLocalControl,
  LocalControlError,
  localControlPath,
} from '../features/admin/local-control';

/**
 * `npm run admin -- grant EMAIL` / `revoke EMAIL` / `list`: the operator's way to make someone a
 * product administrator. The admin area also needs their e-mail verified and on one of
 * ADMIN_EMAIL_DOMAINS, and a sign-in with a second factor.
 *
 * On the embedded database a running server holds the data folder, so the command asks that
 * server through its control socket (features/admin/local-control.ts); with no server running,
 * or on PostgreSQL, it opens the database itself. Whatever goes wrong is said in one sentence,
 * without a stack trace.
 */
const request = parseAdminFlagArgs(process.argv.slice(2));
if (!request) {
  console.error(ADMIN_FLAG_USAGE);
  process.exit(2);
}

try {
  const outcome = await run(request);
  for (const line of outcome.lines) {
    if (line.level === 'info') console.info(line.text);
    else if (line.level === 'warn') console.warn(line.text);
    else console.error(line.text);
  }
  process.exitCode = outcome.exitCode;
} catch (error) {
  console.error(plainReason(error));
  process.exitCode = 1;
}

async function run(request: AdminFlagRequest): Promise<AdminFlagOutcome> {
  const config = loadConfig();
  if (!config.databaseUrl) {
    const answer = await askLocalControl(config.dataDir, request);
    if (answer) return answer;
  }
  // Loaded only here: the way through the running server needs none of the server's code.
  const { openConfiguredDatabase } = await import('../start');
  let database: Awaited<ReturnType<typeof openConfiguredDatabase>>;
  try {
    database = await openConfiguredDatabase(config);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      const holder =
        error.holderPid === undefined ? 'another process' : `process ${error.holderPid}`;
      throw new LocalControlError(
        `The embedded database in ${config.dataDir} is in use by ${holder}, and no Pactum server answers on ${localControlPath(config.dataDir)}: try again once the server has finished starting, or stop that process first.`,
      );
    }
    throw error;
  }
  try {
    return await runAdminFlagCommand(database, config, request);
  } finally {
    await database.close();
  }
}

/** What went wrong, as one plain sentence (a stack trace helps no operator here). */
function plainReason(error: unknown): string {
  if (error instanceof LocalControlError || error instanceof ConfigError) return error.message;
  return `The admin command could not reach the database: ${describe(error)}.`;
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  // A refused connection to every address of a host comes as an AggregateError without text.
  const inner = error instanceof AggregateError ? error.errors[0] : undefined;
  const code = (error as NodeJS.ErrnoException).code;
  const text = error.message || (inner instanceof Error ? inner.message : '') || code || error.name;
  return (text.split('\n')[0] ?? text).replace(/\.$/, '');
}
