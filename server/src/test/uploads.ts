import type { UploadPurpose } from '@pactum/core/files';
import type { TestApp } from './app';

const ORIGIN = 'http://localhost:3000';

/**
 * Sends a whole file through the resumable upload protocol as the browser does, chunk by
 * chunk. Returns the last answer (the completing chunk's, or the refusal).
 */
export async function uploadFile(
  t: TestApp,
  cookie: string,
  file: { name: string; body: Buffer; purpose: UploadPurpose },
) {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/uploads',
    headers: { origin: ORIGIN, cookie },
    payload: { name: file.name, size: file.body.length, purpose: file.purpose },
  });
  if (created.statusCode !== 201) return { id: undefined, response: created };
  const { id, chunkSize } = created.json() as { id: string; chunkSize: number };
  let response = created;
  for (let offset = 0; offset < file.body.length; offset += chunkSize) {
    response = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/uploads/${id}`,
      headers: {
        origin: ORIGIN,
        cookie,
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
      },
      payload: file.body.subarray(offset, offset + chunkSize),
    });
    if (response.statusCode !== 200) break;
  }
  return { id, response };
}
