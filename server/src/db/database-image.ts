import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { serverRoot } from '../server-root';

/*
 * The database image: an empty embedded database with every migration and the job queue's
 * tables applied, made once per set of migrations by the build (`cli/database-image.ts`) and
 * unpacked by `openDatabase` into a data folder that holds no database yet.
 */

/** The drizzle-kit migrations, shipped beside the code. */
export const migrationsFolder = path.join(serverRoot, 'src', 'db', 'migrations');

const require = createRequire(import.meta.url);

/** The installed version of a package, from the package.json above its entry file. */
function installedVersion(name: string): string {
  let dir = path.dirname(require.resolve(name));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest)) {
      const parsed = JSON.parse(fs.readFileSync(manifest, 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (parsed.name === name && parsed.version) return parsed.version;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`No package.json found for ${name}`);
    dir = parent;
  }
}

/**
 * What a database image depends on: every migration file, and the versions of the embedded
 * PostgreSQL (its data format) and of the job queue (its own tables). An image made from other
 * files is never used.
 */
function databaseImageKey(): string {
  const hash = createHash('sha256');
  hash.update(`pglite ${installedVersion('@electric-sql/pglite')}\n`);
  hash.update(`pg-boss ${installedVersion('pg-boss')}\n`);
  const files = fs
    .readdirSync(migrationsFolder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
  for (const file of files) {
    hash.update(`${path.relative(migrationsFolder, file)}\n`);
    hash.update(fs.readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

/** Where the build keeps its database images (`npm start` makes one; see cli/database-image). */
export const databaseImageDir = path.join(serverRoot, 'dist', 'database-image');

/** The image file this build's migrations call for, whether it exists or not. */
export function databaseImagePath(): string {
  return path.join(databaseImageDir, `pglite-${databaseImageKey()}.tar`);
}

/**
 * Gives a new embedded database its first contents from the build's image: an empty database
 * with every migration and the job queue's tables in place. Unpacking it takes a fraction of
 * PostgreSQL's own initdb plus the migrations (the slowest part of a first start), and the
 * database then opens as an existing one. Only when `dbDir` is missing or empty; unpacked beside
 * and renamed, so a start cut short leaves no half database. False when there is no image for
 * these migrations (running from source without a build): the database is made from scratch.
 */
export function restoreDatabaseImage(dbDir: string): boolean {
  if (fs.existsSync(dbDir) && fs.readdirSync(dbDir).length > 0) return false;
  let image: Buffer;
  try {
    image = fs.readFileSync(databaseImagePath());
  } catch {
    return false;
  }
  const partial = `${dbDir}.image-${process.pid}`;
  fs.rmSync(partial, { recursive: true, force: true });
  fs.mkdirSync(partial, { recursive: true });
  try {
    extractTar(image, partial);
    fs.rmSync(dbDir, { recursive: true, force: true });
    fs.renameSync(partial, dbDir);
  } catch (error) {
    fs.rmSync(partial, { recursive: true, force: true });
    throw error;
  }
  return true;
}

/** Unpacks a tar of folders and plain files (what PGlite's dumpDataDir writes) into `into`. */
function extractTar(tar: Buffer, into: string): void {
  let offset = 0;
  while (offset + 512 <= tar.length) {
    const header = tar.subarray(offset, offset + 512);
    if (header.every((byte) => byte === 0)) break;
    const field = (start: number, length: number) => {
      const raw = header.subarray(start, start + length);
      const end = raw.indexOf(0);
      return raw.toString('utf8', 0, end === -1 ? length : end);
    };
    const name = [field(345, 155), field(0, 100)].filter(Boolean).join('/');
    const size = Number.parseInt(field(124, 12).trim() || '0', 8);
    const type = field(156, 1) || '0';
    const target = path.join(into, name);
    if (target !== into && !target.startsWith(`${into}${path.sep}`)) {
      throw new Error(`The database image names a path outside its folder: ${name}`);
    }
    offset += 512;
    if (type === '5') {
      fs.mkdirSync(target, { recursive: true });
    } else if (type === '0') {
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, tar.subarray(offset, offset + size));
    } else {
      throw new Error(`The database image holds an entry of type ${type}`);
    }
    offset += Math.ceil(size / 512) * 512;
  }
}
