import { z } from 'zod';

/*
 * Response schemas of the upload and attachment routes (`server/src/features/files/routes.ts`)
 * beyond those `../files` already holds (`uploadCreatedSchema`, `uploadStateSchema`,
 * `attachmentSchema`, `attachmentListSchema`, which the services type their answers with).
 */

/** `GET /uploads/limits`: the size limit and chunk size, so the browser checks before sending. */
export const uploadLimitsSchema = z.object({
  maxBytes: z.number().int(),
  chunkSize: z.number().int(),
});

/**
 * A PDF answered as its bytes (an attachment, a signed contract): described for the OpenAPI
 * document as a binary string. Fastify sends a Buffer or a stream as it is (no serialiser runs),
 * so the handler's payload is left untyped (`unknown`) rather than claimed to be a string.
 */
export function pdfFileResponse(description: string) {
  return {
    description,
    content: {
      'application/pdf': { schema: z.unknown().meta({ type: 'string', format: 'binary' }) },
    },
  };
}
