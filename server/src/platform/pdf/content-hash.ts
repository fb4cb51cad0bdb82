import { createHash } from 'node:crypto';
import type { Parties } from '@pactum/core/documents';

/**
 * JSON with object keys sorted at every level and no white space: the same value always gives
 * the same text, whatever order its keys were written (or stored by jsonb) in. `undefined`
 * members are left out, as JSON.stringify does; dates become ISO strings.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value)) return 'null';
    return JSON.stringify(value) ?? 'null';
  }
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) {
    return `[${value.map((item) => (item === undefined ? 'null' : canonicalJson(item))).join(',')}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, member]) => member !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, member]) => `${JSON.stringify(key)}:${canonicalJson(member)}`).join(',')}}`;
}

export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/** The agreed text of a contract, as frozen when signing starts. */
export type ContractContent = {
  title: string;
  contractId: string;
  parties: Parties;
  /** Numbered sections in reading order; `html` is the agreed (sanitised) version. */
  sections: { number: string; title: string; html: string }[];
};

/**
 * The SHA-256 printed on the audit page: over the canonical JSON of the title, contract id,
 * parties and the agreed sections. Compute it when signing starts and again when the PDF is
 * made; a difference means the text changed in signing.
 */
export function contractContentSha256(content: ContractContent): string {
  return sha256Hex(
    canonicalJson({
      title: content.title,
      contractId: content.contractId,
      parties: content.parties,
      sections: content.sections.map((section) => ({
        number: section.number,
        title: section.title,
        html: section.html,
      })),
    }),
  );
}
