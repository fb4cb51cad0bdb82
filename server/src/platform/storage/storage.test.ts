import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from './local';
import { createS3Storage } from './s3';
import { FileNotFoundError, type FileStorage, newFileKey } from './storage';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pactum-files-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** Both adapters must behave the same; S3 runs against a local S3-compatible server. */
const adapters: [string, () => Promise<FileStorage>][] = [
  ['local folder', async () => createLocalStorage(path.join(root, 'local'))],
  [
    'S3',
    async () => {
      const server = new S3rver({
        port: 0,
        address: '127.0.0.1',
        silent: true,
        directory: path.join(root, 's3'),
        configureBuckets: [{ name: 'pactum-test', configs: [] }],
      });
      const { port } = await server.run();
      afterAll(() => server.close());
      return createS3Storage({
        bucket: 'pactum-test',
        region: 'us-east-1',
        endpoint: `http://127.0.0.1:${port}`,
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
      });
    },
  ],
];

async function readAll(stream: Readable): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += chunk;
  return text;
}

describe.each(adapters)('file storage: %s', (_name, create) => {
  let storage: FileStorage;
  beforeAll(async () => {
    storage = await create();
  });

  it('puts, gets, streams and deletes a file', async () => {
    const key = newFileKey('attachments', 'pdf');
    expect(key).toMatch(/^attachments\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.pdf$/);
    const stored = await storage.put(key, Buffer.from('%PDF-1.7 hello'), {
      contentType: 'application/pdf',
    });
    expect(stored).toEqual({ size: 14, contentType: 'application/pdf' });
    expect(await storage.exists(key)).toBe(true);
    expect((await storage.get(key)).toString()).toBe('%PDF-1.7 hello');
    const streamed = await storage.stream(key);
    expect(streamed.contentType).toBe('application/pdf');
    expect(streamed.size).toBe(14);
    expect(await readAll(streamed.body)).toBe('%PDF-1.7 hello');
    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    await expect(storage.get(key)).rejects.toBeInstanceOf(FileNotFoundError);
    await expect(storage.stream(key)).rejects.toBeInstanceOf(FileNotFoundError);
    await storage.delete(key);
  });

  it('takes a stream as the body', async () => {
    const key = newFileKey('imports', 'docx');
    await storage.put(key, Readable.from([Buffer.from('a'), Buffer.from('b')]), {
      contentType: 'application/octet-stream',
    });
    expect((await storage.get(key)).toString()).toBe('ab');
  });

  it('refuses keys that could leave the store', async () => {
    for (const key of ['../etc/passwd', 'attachments/../../x', '/abs/path', 'a//b', 'UP/x']) {
      await expect(storage.get(key)).rejects.toThrow('Invalid file key');
    }
    expect(() => newFileKey('../x')).toThrow('Invalid file key');
  });
});
