import { fileMessages, UPLOAD_CHUNK_SIZE } from '@pactum/core/files';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deals,
  documentAccess,
  drafts,
  files,
  templates,
  workspaceMembers,
  workspaces,
} from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { callApi, ORIGIN } from '../../test/drafts-factories';
import { createUsers, type TestUser } from '../../test/factories';
import { cleanUpUploads } from './clean-up';

let t: TestApp;
let owner: TestUser;
let viewer: TestUser;
let stranger: TestUser;
let colleague: TestUser;
let otherWorkspaceUser: TestUser;
let templateId: string;
const MAX = 3 * 1024 * 1024;

beforeAll(async () => {
  t = await createTestApp({ env: { ATTACHMENT_MAX_BYTES: String(MAX) } });
  [owner, viewer, stranger, colleague, otherWorkspaceUser] = await createUsers(t.platform, 5);
  const { db } = t.platform.database;
  const [template] = await db
    .insert(templates)
    .values({ title: 'Attachments test', createdBy: owner.id })
    .returning();
  templateId = template?.id ?? '';
  const [mine, theirs] = await db
    .insert(workspaces)
    .values([
      { title: 'Owner workspace', type: 'card' },
      { title: 'Other workspace', type: 'card' },
    ])
    .returning();
  await db.insert(workspaceMembers).values([
    { workspaceId: mine?.id ?? '', userId: colleague.id, role: 'view' },
    { workspaceId: theirs?.id ?? '', userId: otherWorkspaceUser.id, role: 'edit' },
  ]);
  await db.insert(documentAccess).values([
    { collection: 'templates', documentId: templateId, userId: owner.id, role: 'edit' },
    { collection: 'templates', documentId: templateId, userId: viewer.id, role: 'view' },
    { collection: 'templates', documentId: templateId, workspaceId: mine?.id ?? '', role: 'view' },
  ]);
});
afterAll(() => t?.close());

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  cookie: string,
  payload?: unknown,
) => callApi(t.app, method, url, cookie, payload);

function sendChunk(cookie: string, uploadId: string, offset: number, chunk: Buffer) {
  return t.app.inject({
    method: 'PATCH',
    url: `/api/v1/uploads/${uploadId}`,
    headers: {
      origin: ORIGIN,
      cookie,
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    },
    payload: chunk,
  });
}

/** A PDF-looking file of a given size. */
function pdf(size: number, fill = 'x'): Buffer {
  return Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(size - 9, fill)]);
}

async function startUpload(user: TestUser, name: string, size: number, purpose = 'attachment') {
  const response = await call('POST', '/uploads', user.cookie, {
    name,
    size,
    type: 'application/pdf',
    purpose,
  });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: string; offset: number; chunkSize: number };
}

/** Uploads the whole file in chunks and returns the upload id. */
async function upload(user: TestUser, name: string, body: Buffer) {
  const { id, chunkSize } = await startUpload(user, name, body.length);
  for (let offset = 0; offset < body.length; offset += chunkSize) {
    const response = await sendChunk(
      user.cookie,
      id,
      offset,
      body.subarray(offset, offset + chunkSize),
    );
    expect(response.statusCode, response.body).toBe(200);
  }
  return id;
}

describe('resumable uploads', () => {
  it('refuses a file over the limit before anything is stored, with the spec message', async () => {
    const response = await call('POST', '/uploads', owner.cookie, {
      name: 'big.pdf',
      size: MAX + 1,
      type: 'application/pdf',
      purpose: 'attachment',
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.message).toBe(
      'Max file size for attachments is 3.00 Mb. The file "big.pdf" is 3.00 Mb.',
    );
    const big = await call('POST', '/uploads', owner.cookie, {
      name: 'bigger.pdf',
      size: 12_000_000,
      purpose: 'attachment',
    });
    expect(big.json().error.message).toBe(
      'Max file size for attachments is 3.00 Mb. The file "bigger.pdf" is 11.44 Mb.',
    );
  });

  it('tells the browser the limit and the chunk size', async () => {
    const response = await call('GET', '/uploads/limits', owner.cookie);
    expect(response.json()).toEqual({ maxBytes: MAX, chunkSize: UPLOAD_CHUNK_SIZE });
  });

  it('refuses names that are not .pdf for attachments or .docx for imports', async () => {
    const attachment = await call('POST', '/uploads', owner.cookie, {
      name: 'notes.txt',
      size: 10,
      purpose: 'attachment',
    });
    expect(attachment.statusCode).toBe(415);
    const word = await call('POST', '/uploads', owner.cookie, {
      name: 'contract.doc',
      size: 10,
      purpose: 'import',
    });
    expect(word.statusCode).toBe(415);
  });

  it('takes chunks in order, refuses a wrong offset with 409 and resumes where it stands', async () => {
    const body = pdf(UPLOAD_CHUNK_SIZE * 2 + 500);
    const { id, offset, chunkSize } = await startUpload(owner, 'resume.pdf', body.length);
    expect({ offset, chunkSize }).toEqual({ offset: 0, chunkSize: UPLOAD_CHUNK_SIZE });
    const first = await sendChunk(owner.cookie, id, 0, body.subarray(0, chunkSize));
    expect(first.json()).toMatchObject({ offset: chunkSize, isComplete: false });

    const wrong = await sendChunk(owner.cookie, id, 0, body.subarray(0, chunkSize));
    expect(wrong.statusCode).toBe(409);
    expect(wrong.headers['upload-offset']).toBe(String(chunkSize));
    const ahead = await sendChunk(owner.cookie, id, chunkSize * 2, body.subarray(chunkSize * 2));
    expect(ahead.statusCode).toBe(409);

    // The browser paused here; it asks where the upload stands and goes on from there.
    const state = await call('GET', `/uploads/${id}`, owner.cookie);
    expect(state.json()).toMatchObject({ offset: chunkSize, size: body.length, isComplete: false });
    const second = await sendChunk(
      owner.cookie,
      id,
      chunkSize,
      body.subarray(chunkSize, chunkSize * 2),
    );
    expect(second.json().offset).toBe(chunkSize * 2);
    const last = await sendChunk(owner.cookie, id, chunkSize * 2, body.subarray(chunkSize * 2));
    expect(last.json()).toMatchObject({ offset: body.length, isComplete: true });

    const [file] = await t.platform.database.db.select().from(files).where(eq(files.id, id));
    expect(file?.completedAt).not.toBeNull();
    expect(file?.chunkKeys).toEqual([]);
    // Compared as bytes: a deep equality walks a 2 MB buffer index by index for seconds.
    const stored = await t.platform.storage.get(file?.storageKey ?? '');
    expect(stored.length).toBe(body.length);
    expect(stored.equals(body)).toBe(true);
  });

  it('refuses a chunk beyond the announced size', async () => {
    const { id } = await startUpload(owner, 'short.pdf', 20);
    const response = await sendChunk(owner.cookie, id, 0, pdf(40));
    expect(response.statusCode).toBe(413);
  });

  it('cancels an upload and forgets it', async () => {
    const body = pdf(UPLOAD_CHUNK_SIZE + 10);
    const { id } = await startUpload(owner, 'cancel.pdf', body.length);
    await sendChunk(owner.cookie, id, 0, body.subarray(0, UPLOAD_CHUNK_SIZE));
    const [before] = await t.platform.database.db.select().from(files).where(eq(files.id, id));
    const chunkKey = before?.chunkKeys[0] ?? '';
    expect(await t.platform.storage.exists(chunkKey)).toBe(true);
    expect((await call('DELETE', `/uploads/${id}`, owner.cookie)).statusCode).toBe(204);
    expect(await t.platform.storage.exists(chunkKey)).toBe(false);
    expect((await call('GET', `/uploads/${id}`, owner.cookie)).statusCode).toBe(404);
  });

  it('lets only the uploader see, continue or cancel an upload', async () => {
    const body = pdf(100);
    const { id } = await startUpload(owner, 'mine.pdf', body.length);
    expect((await call('GET', `/uploads/${id}`, stranger.cookie)).statusCode).toBe(404);
    const chunk = await sendChunk(stranger.cookie, id, 0, body);
    expect(chunk.statusCode).toBe(404);
    expect(chunk.json().error.message).toBe('Upload not found');
    expect((await call('DELETE', `/uploads/${id}`, stranger.cookie)).statusCode).toBe(404);
    expect((await sendChunk(owner.cookie, id, 0, body)).statusCode).toBe(200);
  });

  it('refuses a file renamed .pdf that is not a PDF, with 415', async () => {
    const fake = Buffer.from('PK\u0003\u0004 this is really a zip');
    const { id } = await startUpload(owner, 'renamed.pdf', fake.length);
    const response = await sendChunk(owner.cookie, id, 0, fake);
    expect(response.statusCode).toBe(415);
    expect(response.json().error.message).toBe(
      'The file "renamed.pdf" is not a PDF. Only PDF files can be attached.',
    );
    expect((await call('GET', `/uploads/${id}`, owner.cookie)).statusCode).toBe(404);
  });

  it('needs a signed-in user', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/uploads',
      headers: { origin: ORIGIN },
      payload: { name: 'a.pdf', size: 10, purpose: 'attachment' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('attachments', () => {
  const list = async (user: TestUser) =>
    call('GET', `/templates/${templateId}/attachments`, user.cookie);

  it('attaches uploads at the next position, lists, reorders, downloads and removes them', async () => {
    const names = ['first.pdf', 'second.pdf', 'Sopimus – liite ä.pdf'];
    const ids: string[] = [];
    for (const name of names) {
      const uploadId = await upload(owner, name, pdf(200, name[0]));
      const response = await call('POST', `/templates/${templateId}/attachments`, owner.cookie, {
        uploadId,
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ name, size: 200, isPdf: true });
      ids.push(response.json().id);
    }
    expect(
      (await list(owner)).json().attachments.map((a: { position: number }) => a.position),
    ).toEqual([1, 2, 3]);

    const moved = await call('PATCH', `/attachments/${ids[2]}`, owner.cookie, { position: 1 });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().attachments.map((a: { name: string }) => a.name)).toEqual([
      names[2],
      names[0],
      names[1],
    ]);

    const download = await call('GET', `/attachments/${ids[2]}/file`, viewer.cookie);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="Sopimus _ liite _.pdf"; filename*=UTF-8''${encodeURIComponent(names[2] ?? '')}`,
    );
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    expect((await call('DELETE', `/attachments/${ids[2]}`, owner.cookie)).statusCode).toBe(204);
    const after = (await list(viewer)).json().attachments;
    expect(after.map((a: { name: string; position: number }) => [a.name, a.position])).toEqual([
      [names[0], 1],
      [names[1], 2],
    ]);
    const gone = await call('GET', `/attachments/${ids[2]}/file`, owner.cookie);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.message).toBe('Attachment not found');

    // A new one takes the highest position plus one.
    const uploadId = await upload(owner, 'fourth.pdf', pdf(50));
    const fourth = await call('POST', `/templates/${templateId}/attachments`, owner.cookie, {
      uploadId,
    });
    expect(fourth.json().position).toBe(3);
    const again = await call('POST', `/templates/${templateId}/attachments`, owner.cookie, {
      uploadId,
    });
    expect(again.statusCode).toBe(409);
  });

  it('refuses an unfinished upload and someone else’s upload', async () => {
    const { id } = await startUpload(owner, 'half.pdf', 500);
    const unfinished = await call('POST', `/templates/${templateId}/attachments`, owner.cookie, {
      uploadId: id,
    });
    expect(unfinished.statusCode).toBe(409);
    const viewersUpload = await upload(viewer, 'viewer.pdf', pdf(30));
    const foreign = await call('POST', `/templates/${templateId}/attachments`, owner.cookie, {
      uploadId: viewersUpload,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('lets workspace members read but refuses strangers, other workspaces and view-only writes', async () => {
    const uploadId = await upload(owner, 'shared.pdf', pdf(64));
    const created = await call('POST', `/templates/${templateId}/attachments`, owner.cookie, {
      uploadId,
    });
    const attachmentId = created.json().id as string;

    expect((await list(colleague)).statusCode).toBe(200);
    expect(
      (await call('GET', `/attachments/${attachmentId}/file`, colleague.cookie)).statusCode,
    ).toBe(200);
    for (const outsider of [stranger, otherWorkspaceUser]) {
      expect((await list(outsider)).statusCode).toBe(404);
      expect(
        (await call('GET', `/attachments/${attachmentId}/file`, outsider.cookie)).statusCode,
      ).toBe(404);
      expect(
        (await call('PATCH', `/attachments/${attachmentId}`, outsider.cookie, { position: 1 }))
          .statusCode,
      ).toBe(404);
      expect(
        (await call('DELETE', `/attachments/${attachmentId}`, outsider.cookie)).statusCode,
      ).toBe(404);
      const theirUpload = await upload(outsider, 'theirs.pdf', pdf(20));
      const add = await call('POST', `/templates/${templateId}/attachments`, outsider.cookie, {
        uploadId: theirUpload,
      });
      expect(add.statusCode).toBe(404);
    }
    const viewerUpload = await upload(viewer, 'view-only.pdf', pdf(20));
    const viewOnly = await call('POST', `/templates/${templateId}/attachments`, viewer.cookie, {
      uploadId: viewerUpload,
    });
    expect(viewOnly.statusCode).toBe(403);
    expect(
      (await call('DELETE', `/attachments/${attachmentId}`, colleague.cookie)).statusCode,
    ).toBe(403);
    expect(
      (await list(owner)).json().attachments.some((a: { id: string }) => a.id === attachmentId),
    ).toBe(true);
  });

  it('lets every signed-in user read a global template’s attachments', async () => {
    const { db } = t.platform.database;
    await db.update(templates).set({ isGlobal: true }).where(eq(templates.id, templateId));
    try {
      expect((await list(stranger)).statusCode).toBe(200);
      const uploadId = await upload(stranger, 'nope.pdf', pdf(20));
      const add = await call('POST', `/templates/${templateId}/attachments`, stranger.cookie, {
        uploadId,
      });
      expect(add.statusCode).toBe(403);
    } finally {
      await db.update(templates).set({ isGlobal: false }).where(eq(templates.id, templateId));
    }
  });

  it('works the same for drafts and deals, by their access entries', async () => {
    const { db } = t.platform.database;
    const [draft] = await db
      .insert(drafts)
      .values({ title: 'Draft', createdBy: owner.id })
      .returning();
    const party = { type: 'business' as const, name: 'Acme' };
    const [deal] = await db
      .insert(deals)
      .values({
        title: 'Deal',
        process: 'sign',
        parties: { sender: party, receiver: party },
        sentBy: owner.id,
      })
      .returning();
    await db.insert(documentAccess).values([
      { collection: 'drafts', documentId: draft?.id ?? '', userId: owner.id, role: 'edit' },
      {
        collection: 'deals',
        documentId: deal?.id ?? '',
        userId: owner.id,
        role: 'edit',
        party: 'sender',
      },
      {
        collection: 'deals',
        documentId: deal?.id ?? '',
        userId: viewer.id,
        role: 'view',
        party: 'receiver',
      },
    ]);
    for (const [collection, id] of [
      ['drafts', draft?.id],
      ['deals', deal?.id],
    ] as const) {
      const uploadId = await upload(owner, `${collection}.pdf`, pdf(30));
      const added = await call('POST', `/${collection}/${id}/attachments`, owner.cookie, {
        uploadId,
      });
      expect(added.statusCode).toBe(201);
      expect(added.json().position).toBe(1);
      expect(
        (await call('GET', `/${collection}/${id}/attachments`, stranger.cookie)).statusCode,
      ).toBe(404);
      expect(
        (await call('GET', `/attachments/${added.json().id}/file`, otherWorkspaceUser.cookie))
          .statusCode,
      ).toBe(404);
    }
    const received = await call('GET', `/deals/${deal?.id}/attachments`, viewer.cookie);
    expect(received.json().attachments.map((a: { name: string }) => a.name)).toEqual(['deals.pdf']);

    // From signing on, a deal's attachments are part of what is signed: they stay as they are.
    await db
      .update(deals)
      .set({ state: 'in-signing' })
      .where(eq(deals.id, deal?.id ?? ''));
    const [attached] = received.json().attachments as { id: string }[];
    const late = await call('POST', `/deals/${deal?.id}/attachments`, owner.cookie, {
      uploadId: await upload(owner, 'late.pdf', pdf(30)),
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(fileMessages.dealClosed);
    expect((await call('DELETE', `/attachments/${attached?.id}`, owner.cookie)).statusCode).toBe(
      409,
    );
    expect(
      (await call('GET', `/deals/${deal?.id}/attachments`, viewer.cookie)).json().attachments,
    ).toHaveLength(1);
  });

  it('answers 404 for a document that does not exist', async () => {
    const response = await call(
      'GET',
      '/drafts/00000000-0000-4000-8000-000000000000/attachments',
      owner.cookie,
    );
    expect(response.statusCode).toBe(404);
  });
});

describe('abandoned uploads', () => {
  it('are removed with their chunks after a day, unless attached or imported', async () => {
    const { db } = t.platform.database;
    const body = pdf(UPLOAD_CHUNK_SIZE + 100);
    const unfinished = await startUpload(owner, 'left.pdf', body.length);
    await sendChunk(owner.cookie, unfinished.id, 0, body.subarray(0, UPLOAD_CHUNK_SIZE));
    const unused = await upload(owner, 'unused.pdf', pdf(40));
    const used = await upload(owner, 'used.pdf', pdf(40));
    await call('POST', `/templates/${templateId}/attachments`, owner.cookie, { uploadId: used });
    const fresh = await startUpload(owner, 'fresh.pdf', 40);
    const [left] = await db.select().from(files).where(eq(files.id, unfinished.id));
    const [unusedFile] = await db.select().from(files).where(eq(files.id, unused));
    const dayAgo = new Date(Date.now() - 25 * 3_600_000);
    for (const id of [unfinished.id, unused, used]) {
      await db.update(files).set({ createdAt: dayAgo }).where(eq(files.id, id));
    }

    await cleanUpUploads(t.platform, new Date(Date.now() - 24 * 3_600_000));

    const remaining = (await db.select({ id: files.id }).from(files)).map((row) => row.id);
    expect(remaining).not.toContain(unfinished.id);
    expect(remaining).not.toContain(unused);
    expect(remaining).toContain(used);
    expect(remaining).toContain(fresh.id);
    expect(await t.platform.storage.exists(left?.chunkKeys[0] ?? '')).toBe(false);
    expect(await t.platform.storage.exists(unusedFile?.storageKey ?? '')).toBe(false);
    const schedules = await t.platform.jobs.listSchedules();
    expect(schedules.map((schedule) => schedule.name)).toContain('files.clean-up-uploads');
  });
});
