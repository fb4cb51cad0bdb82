import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertFileKey, FileNotFoundError, type FileStorage, type StoredObject } from './storage';

/** Files in a local folder; the content type sits beside each file in `<file>.meta.json`. */
export function createLocalStorage(root: string): FileStorage {
  const resolve = (key: string) => {
    assertFileKey(key);
    return path.join(root, ...key.split('/'));
  };
  const readMeta = async (file: string): Promise<StoredObject> => {
    try {
      const [stat, meta] = await Promise.all([
        fsp.stat(file),
        fsp.readFile(`${file}.meta.json`, 'utf8'),
      ]);
      return {
        size: stat.size,
        contentType: (JSON.parse(meta) as { contentType: string }).contentType,
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new FileNotFoundError(file);
      throw error;
    }
  };
  return {
    kind: 'local',
    async put(key, body, { contentType }) {
      const file = resolve(key);
      await fsp.mkdir(path.dirname(file), { recursive: true });
      // Write aside and rename, so a reader never sees half a file.
      const temp = `${file}.${randomUUID()}.tmp`;
      try {
        await pipeline(
          Buffer.isBuffer(body) ? Readable.from([body]) : body,
          fs.createWriteStream(temp),
        );
        await fsp.writeFile(`${file}.meta.json`, JSON.stringify({ contentType }));
        await fsp.rename(temp, file);
      } catch (error) {
        await fsp.rm(temp, { force: true });
        throw error;
      }
      const stat = await fsp.stat(file);
      return { size: stat.size, contentType };
    },
    async get(key) {
      const file = resolve(key);
      try {
        return await fsp.readFile(file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new FileNotFoundError(key);
        throw error;
      }
    },
    async stream(key) {
      const file = resolve(key);
      const meta = await readMeta(file);
      return { body: fs.createReadStream(file), ...meta };
    },
    async delete(key) {
      const file = resolve(key);
      await Promise.all([
        fsp.rm(file, { force: true }),
        fsp.rm(`${file}.meta.json`, { force: true }),
      ]);
    },
    async exists(key) {
      try {
        await fsp.access(resolve(key));
        return true;
      } catch {
        return false;
      }
    },
  };
}
