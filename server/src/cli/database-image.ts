import fs from 'node:fs';
import path from 'node:path';
import { databaseImageDir, databaseImagePath } from '../db/database-image';
import { runMigrations } from '../db/migrate';

/**
 * Run by scripts/build-server.mjs: makes the image a new embedded database starts from (every
 * migration and the job queue's tables on an empty database; see `readDatabaseImage`), unless
 * the one for these migrations is there already. Older images are removed. No data, no
 * secrets: the auth secret, the seal certificate and the seeds are made by each installation.
 */
const imagePath = databaseImagePath();
if (fs.existsSync(imagePath)) process.exit(0);

// Loaded only when an image is to be made: the usual run finds it there and ends at once.
const { openDatabase } = await import('../db/client');
const { newPglite } = await import('../db/pglite');
const { createJobs } = await import('../platform/jobs/jobs');
const started = performance.now();
const pglite = newPglite();
const database = await openDatabase({ pglite });
await runMigrations(database);
const jobs = createJobs(database);
await jobs.start({ isWorker: false });
await jobs.stop();
const image = await pglite.dumpDataDir('none');
await database.close();

fs.rmSync(databaseImageDir, { recursive: true, force: true });
fs.mkdirSync(databaseImageDir, { recursive: true });
// Written beside and renamed, so a server starting meanwhile never reads half an image.
const partial = `${imagePath}.${process.pid}.partial`;
fs.writeFileSync(partial, Buffer.from(await image.arrayBuffer()));
fs.renameSync(partial, imagePath);
console.info(
  `Database image ${path.basename(imagePath)} made in ${Math.round(performance.now() - started)} ms`,
);
