import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import {
  documentAccess,
  draftQueues,
  templateSections,
  templates,
  workspaceMembers,
  workspaces,
} from '../db/schema';
import { createDraftFromTemplate } from '../features/drafts/create-draft-from-template';
import { putReceivers } from '../features/drafts/put-receivers';
import { updateDraft } from '../features/drafts/update-draft';
import type { Platform } from '../platform/platform';
import { eventually } from './app';

export const ORIGIN = 'http://localhost:3000';

/** An API call as the browser makes it (our Origin, the user's cookie). */
export function callApi(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  cookie: string | undefined,
  payload?: unknown,
) {
  return app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
}

/**
 * `callApi` on the app `getApp` returns (read at each call, as tests make it in beforeAll), as
 * the given user or signed out.
 */
export function apiAs(getApp: () => FastifyInstance) {
  return (
    method: Parameters<typeof callApi>[1],
    url: string,
    user: { cookie: string } | undefined,
    payload?: unknown,
  ) => callApi(getApp(), method, url, user?.cookie, payload);
}

/**
 * A template with a parties section, two text sections (the second under the first) and a
 * signers section; its creator has edit access.
 */
export async function createTemplate(
  db: Db,
  options: {
    createdBy: string;
    title?: string;
    isGlobal?: boolean;
    price?: number | null;
  },
) {
  const [template] = await db
    .insert(templates)
    .values({
      title: options.title ?? 'Supply agreement',
      abstract: 'Goods for money',
      category: 'sales',
      language: 'en',
      region: 'FI',
      isGlobal: options.isGlobal ?? false,
      price: options.price ?? null,
      createdBy: options.createdBy,
      parties: {
        sender: { type: 'business', name: '' },
        receiver: { type: 'business', name: '' },
      },
    })
    .returning();
  if (!template) throw new Error('template not created');
  const parentId = randomUUID();
  await db.insert(templateSections).values([
    { templateId: template.id, position: 1, type: 'parties', title: 'Parties' },
    {
      id: parentId,
      templateId: template.id,
      position: 2,
      type: 'normal',
      title: 'Delivery',
      content: [
        { id: 'a', html: '<p>Delivery in 30 days.</p>' },
        { id: 'b', html: '<p>Delivery in 60 days.</p>' },
      ],
      defaultContentId: 'b',
    },
    {
      templateId: template.id,
      parentId,
      position: 101,
      type: 'normal',
      title: 'Place',
      content: [{ id: 'c', html: '<p>Helsinki</p>' }],
      defaultContentId: 'c',
    },
    { templateId: template.id, position: 3, type: 'signers', title: 'Signers' },
  ]);
  if (!template.isGlobal) {
    await db.insert(documentAccess).values({
      collection: 'templates',
      documentId: template.id,
      userId: options.createdBy,
      role: 'edit',
      createdBy: options.createdBy,
    });
  }
  return template;
}

/** A workspace with credits and members (the first an administrator). */
export async function createWorkspace(
  db: Db,
  options: {
    memberIds: string[];
    credits?: number;
    isVerified?: boolean;
    isDemo?: boolean;
  },
) {
  const [workspace] = await db
    .insert(workspaces)
    .values({
      title: `Workspace ${randomUUID().slice(0, 6)}`,
      type: 'invoice',
      credits: options.credits ?? 10,
      isVerified: options.isVerified ?? true,
      isDemo: options.isDemo ?? false,
    })
    .returning();
  if (!workspace) throw new Error('workspace not created');
  if (options.memberIds.length > 0) {
    await db.insert(workspaceMembers).values(
      options.memberIds.map((userId, index) => ({
        workspaceId: workspace.id,
        userId,
        role: index === 0 ? ('edit' as const) : ('view' as const),
      })),
    );
  }
  return workspace;
}

/**
 * A draft of a new template sent through the API as its sender would: a workspace with 5
 * credits, the sender's party 'Seller Oy', one receiver party per entry. Returns the send
 * call's answer for the test to check (202 when queued).
 */
export async function sendNewDraft(
  app: FastifyInstance,
  db: Db,
  sender: { id: string; cookie: string },
  receivers: { name: string; emails: string[] }[],
) {
  const workspace = await createWorkspace(db, { memberIds: [sender.id], credits: 5 });
  const template = await createTemplate(db, { createdBy: sender.id });
  const draft = (
    await callApi(app, 'POST', `/templates/${template.id}/drafts`, sender.cookie)
  ).json() as { id: string };
  await callApi(app, 'PATCH', `/drafts/${draft.id}`, sender.cookie, {
    parties: {
      sender: { type: 'business', name: 'Seller Oy' },
      receiver: { type: 'business', name: '' },
    },
  });
  await callApi(app, 'PUT', `/drafts/${draft.id}/receivers`, sender.cookie, {
    receivers: receivers.map(({ name, emails }) => ({
      party: { type: 'business', name },
      emails,
    })),
  });
  const sent = await callApi(app, 'POST', `/drafts/${draft.id}/send`, sender.cookie, {
    workspaceId: workspace.id,
    dealProcess: 'negotiate',
    isConfirmed: true,
  });
  return { workspace, draft, sent };
}

/** Waits until the send job has finished the draft's queue; the queue row. */
export function sendFinished(db: Db, draftId: string, timeoutMs?: number) {
  return eventually(async () => {
    const [queue] = await db.select().from(draftQueues).where(eq(draftQueues.draftId, draftId));
    return queue?.step === 'done' ? queue : undefined;
  }, timeoutMs);
}

/**
 * A draft ready to send, made through the services before any server process runs: the
 * sender's workspace with `credits`, a template of `price` (2 by default), the sender's party
 * 'Seller Oy' and one receiver party per e-mail ('Buyer 1', 'Buyer 2', ...).
 */
export async function draftReadyToSend(
  platform: Platform,
  options: { senderId: string; emails: string[]; credits: number; price?: number },
) {
  const { db } = platform.database;
  const workspace = await createWorkspace(db, {
    memberIds: [options.senderId],
    credits: options.credits,
  });
  const template = await createTemplate(db, {
    createdBy: options.senderId,
    price: options.price ?? 2,
  });
  const userId = options.senderId;
  const draft = await createDraftFromTemplate(platform, { userId, templateId: template.id });
  await updateDraft(platform, {
    userId,
    draftId: draft.id,
    input: {
      parties: {
        sender: { type: 'business', name: 'Seller Oy' },
        receiver: { type: 'business', name: '' },
      },
    },
  });
  await putReceivers(platform, {
    userId,
    draftId: draft.id,
    input: {
      receivers: options.emails.map((email, index) => ({
        party: { type: 'business' as const, name: `Buyer ${index + 1}` },
        emails: [email],
      })),
    },
  });
  return { workspace, template, draft };
}
