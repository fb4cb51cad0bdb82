import { z } from 'zod';
import { type ErrorCode, errorCodes } from '../errors';
import { importStates } from '../imports';

/*
 * Response schemas of the Word import routes (`server/src/features/imports/routes.ts`). The
 * service hands its dates already as ISO strings, hence `z.iso.datetime()`.
 */

/** One of the API's error codes (`../errors`). */
const errorCodeSchema = z.enum(Object.keys(errorCodes) as [ErrorCode, ...ErrorCode[]]);

/** One top-level block of the converted document, as the wizard shows it. */
export const importBlockSchema = z.object({
  index: z.number().int(),
  tag: z.string(),
  /** Tag plus the emphasis wrapping all of its text: `h2`, `p.strong`, `p.em.strong`. */
  signature: z.string(),
  html: z.string(),
  text: z.string(),
});

/** What the user picked in the wizard so far (the import's stored `markers`). */
export const importMarkersViewSchema = z.object({
  section: z.string().nullable().optional(),
  subsection: z.string().nullable().optional(),
  titleIndex: z.number().int().nullable().optional(),
  abstractIndex: z.number().int().nullable().optional(),
});

/** An import with its state, its converted blocks and the wizard's picks. */
export const importDetailSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  size: z.number().int(),
  state: z.enum(importStates),
  /** Why the conversion failed (state `error`); its English text in `errorMessage`. */
  errorCode: errorCodeSchema.nullable(),
  errorMessage: z.string().nullable(),
  blocks: z.array(importBlockSchema),
  title: z.string().nullable(),
  abstract: z.string().nullable(),
  category: z.string().nullable(),
  language: z.string().nullable(),
  region: z.string().nullable(),
  markers: importMarkersViewSchema,
  templateId: z.uuid().nullable(),
  createdAt: z.iso.datetime(),
});

/** `POST /imports/:id/template`: the template made from the import (201 new, 200 made before). */
export const importTemplateResultSchema = z.object({ templateId: z.uuid() });
