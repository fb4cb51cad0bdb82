import { type ErrorCode, isErrorCode } from '@pactum/core/errors';
import {
  checkImportForTemplate,
  type ImportDetail,
  type ImportMessageKey,
  importErrorCodes,
  importMessages,
  splitImportBlocks,
  splitImportSections,
  type UpdateImport,
} from '@pactum/core/imports';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { templateImports } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { sanitizeHtml } from '../../platform/html/sanitize';
import { defineJob, type JobDefinition } from '../../platform/jobs/jobs';
import type { Platform } from '../../platform/platform';
import { requireCompletedUpload } from '../files';
import { blankSections, type NewSection } from '../sections';
import { insertTemplate } from '../templates';
import { DocxRefusedError, inspectDocx } from './docx';

/*
 * Word import (spec 2 §4.3). `createImport` checks the uploaded .docx's zip directory at once
 * (not a zip, a zip bomb, not a Word document are refused before any record exists), then
 * stores the import (state new) and, in the same transaction, the conversion job. The job
 * inflates and checks every part, converts with mammoth, sanitises, and leaves the import
 * ready (with its HTML) or in error (with the reason). The wizard polls the import, saves
 * what the user picks (`updateImport`) and finally creates the template
 * (`createTemplateFromImport`). Imports belong to their creator alone.
 */

type ImportRow = typeof templateImports.$inferSelect;

const notFound = () => new AppError('import_not_found');

/** Why a failed import failed (imports that failed before codes were kept: conversion). */
function importErrorCode(row: ImportRow): ErrorCode {
  return row.errorCode && isErrorCode(row.errorCode) ? row.errorCode : 'import_conversion_failed';
}

/** The columns of a failed conversion: the reason's code and its English text. */
function failure(key: ImportMessageKey) {
  return {
    state: 'error' as const,
    errorCode: importErrorCodes[key],
    errorMessage: importMessages.en[key],
  };
}

function toDetail(row: ImportRow): ImportDetail {
  return {
    id: row.id,
    name: row.name,
    size: row.size,
    state: row.state,
    errorCode: row.state === 'error' ? importErrorCode(row) : null,
    errorMessage: row.errorMessage,
    blocks: row.html ? splitImportBlocks(row.html) : [],
    title: row.title,
    abstract: row.abstract,
    category: row.category,
    language: row.language,
    region: row.region,
    markers: row.markers,
    templateId: row.templateId,
    createdAt: row.createdAt.toISOString(),
  };
}

async function findOwnImport(db: DbOrTx, options: { importId: string; userId: string }) {
  const [row] = await db
    .select()
    .from(templateImports)
    .where(
      and(eq(templateImports.id, options.importId), eq(templateImports.createdBy, options.userId)),
    );
  if (!row) throw notFound();
  return row;
}

/** Tries after the first failure of a conversion that could not read its file. */
const IMPORT_RETRIES = 3;

/** The conversion job; `registerImportJobs` adds it to a platform's queues. */
export function convertImportJob(platform: Platform): JobDefinition<{ importId: string }> {
  return defineJob<{ importId: string }>({
    name: 'imports.convert',
    retryLimit: IMPORT_RETRIES,
    retryDelaySeconds: 5,
    // Reading and converting one Word file of at most ATTACHMENT_MAX_BYTES: seconds.
    expireInSeconds: 2 * 60,
    async handle({ importId }, { retryCount }) {
      const { db } = platform.database;
      try {
        await convertImport(platform, importId);
      } catch (error) {
        // The file could not be read (storage down): retried; the last try leaves a reason.
        if (retryCount < IMPORT_RETRIES) throw error;
        await db
          .update(templateImports)
          .set({ ...failure('conversionFailed'), modifiedAt: new Date() })
          .where(eq(templateImports.id, importId));
      }
    },
  });
}

/** Converts one import unless it is done already (a repeated run does nothing). */
async function convertImport(platform: Platform, importId: string): Promise<void> {
  const { db } = platform.database;
  const [row] = await db.select().from(templateImports).where(eq(templateImports.id, importId));
  // Done already (a repeated run) or gone: nothing to do.
  if (!row || row.state === 'ready' || row.state === 'error' || !row.fileId) return;
  await db
    .update(templateImports)
    .set({ state: 'loading', modifiedAt: new Date() })
    .where(eq(templateImports.id, importId));
  const file = await requireCompletedUpload(db, {
    uploadId: row.fileId,
    userId: row.createdBy,
    purpose: 'import',
  });
  const buffer = await platform.storage.get(file.storageKey);
  let result: { state: 'ready'; html: string } | ReturnType<typeof failure>;
  try {
    await inspectDocx(buffer, { isContentRead: true });
    // Loaded at the first conversion: most processes never convert a Word document.
    const { default: mammoth } = await import('mammoth');
    // Word's Title style is a heading to the reader; mammoth would make it a paragraph.
    const converted = await mammoth.convertToHtml(
      { buffer },
      { styleMap: ["p[style-name='Title'] => h1:fresh"] },
    );
    result = { state: 'ready', html: sanitizeHtml(converted.value) };
  } catch (error) {
    result = failure(error instanceof DocxRefusedError ? error.key : 'conversionFailed');
  }
  await db
    .update(templateImports)
    .set({ ...result, modifiedAt: new Date() })
    .where(eq(templateImports.id, importId));
}

const jobsByPlatform = new WeakMap<Platform, JobDefinition<{ importId: string }>>();

/** Registers the import jobs once per platform (the web app and `npm run worker` both call it). */
export function registerImportJobs(platform: Platform): JobDefinition<{ importId: string }> {
  let job = jobsByPlatform.get(platform);
  if (!job) {
    job = convertImportJob(platform);
    platform.jobs.register(job);
    jobsByPlatform.set(platform, job);
  }
  return job;
}

export async function createImport(
  platform: Platform,
  options: { userId: string; uploadId: string },
): Promise<ImportDetail> {
  const { db } = platform.database;
  const file = await requireCompletedUpload(db, { ...options, purpose: 'import' });
  const [used] = await db
    .select({ id: templateImports.id })
    .from(templateImports)
    .where(eq(templateImports.fileId, file.id))
    .limit(1);
  if (used) throw new AppError('upload_in_use');
  try {
    await inspectDocx(await platform.storage.get(file.storageKey));
  } catch (error) {
    if (!(error instanceof DocxRefusedError)) throw error;
    throw new AppError(importErrorCodes[error.key]);
  }
  const job = registerImportJobs(platform);
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(templateImports)
      .values({ fileId: file.id, name: file.name, size: file.size, createdBy: options.userId })
      .returning();
    if (!created) throw new Error('import not created');
    await platform.jobs.enqueue(tx, job, { importId: created.id });
    return created;
  });
  return toDetail(row);
}

export async function getImport(
  platform: Platform,
  options: { userId: string; importId: string },
): Promise<ImportDetail> {
  return toDetail(await findOwnImport(platform.database.db, options));
}

export async function updateImport(
  platform: Platform,
  options: { userId: string; importId: string; input: UpdateImport },
): Promise<ImportDetail> {
  const { db } = platform.database;
  const row = await findOwnImport(db, options);
  if (row.state !== 'ready') throw new AppError('import_not_ready');
  const { markers, ...fields } = options.input;
  const [updated] = await db
    .update(templateImports)
    .set({
      ...fields,
      ...(markers ? { markers: { ...row.markers, ...markers } } : {}),
      modifiedAt: new Date(),
    })
    .where(eq(templateImports.id, row.id))
    .returning();
  return toDetail(updated ?? row);
}

/**
 * Creates the template from a ready import (spec 2 §4.3, §5) through the sections service:
 * the parties section first, the imported sections at e+2 with their subsections at e+101,
 * the signers section last. The creator gets edit access. A second call answers with the
 * template already made.
 */
export async function createTemplateFromImport(
  platform: Platform,
  options: { caller: { id: string; email: string }; importId: string },
): Promise<{ templateId: string; isNew: boolean }> {
  const { caller } = options;
  return platform.database.db.transaction(async (tx) => {
    const row = await findOwnImport(tx, { importId: options.importId, userId: caller.id });
    if (row.templateId) return { templateId: row.templateId, isNew: false };
    if (row.state !== 'ready' || !row.html) {
      // A failed import says why in its detail (`errorCode`); here it is simply not usable.
      throw new AppError(row.state === 'error' ? 'import_conversion_failed' : 'import_not_ready');
    }
    const blocks = splitImportBlocks(row.html);
    const problem = checkImportForTemplate(row, blocks);
    if (problem) throw new AppError(importErrorCodes[problem]);
    const [parties, , signers] = blankSections();
    // Top-level sections are numbered 1.. and children 101.., so with the parties first the
    // imported sections land at e+2 and their subsections at e+101 (spec 2 §4.3).
    const imported: NewSection[] = splitImportSections(blocks, row.markers).map((section) => ({
      type: 'normal',
      title: section.title,
      html: section.html,
      children: section.children.map((child) => ({ type: 'normal', ...child })),
    }));
    const templateId = await insertTemplate(platform, tx, {
      caller,
      input: {
        title: (row.title ?? '').trim(),
        abstract: (row.abstract ?? '').trim(),
        category: row.category,
        language: row.language,
        region: row.region,
      },
      sections: [
        parties ?? { type: 'parties', title: 'Parties' },
        ...imported,
        signers ?? { type: 'signers', title: 'Signatures' },
      ],
      fromImportId: row.id,
    });
    await tx
      .update(templateImports)
      .set({ templateId, modifiedAt: new Date() })
      .where(eq(templateImports.id, row.id));
    return { templateId, isNew: true };
  });
}
