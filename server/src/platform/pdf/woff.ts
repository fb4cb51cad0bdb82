import { inflateSync } from 'node:zlib';

/*
 * WOFF 1.0 (https://www.w3.org/TR/WOFF/) to the plain sfnt (TrueType/OpenType) it wraps. fontkit
 * reads WOFF too, but it inflates a table (with a JavaScript inflater) every time it reads it,
 * and it reads the glyph table once per glyph: a PDF of a few thousand characters inflated the
 * fonts thousands of times. The fonts are converted once per process instead, with node's zlib.
 */

const WOFF_SIGNATURE = 0x774f4646; // 'wOFF'
const WOFF_HEADER_SIZE = 44;
const WOFF_ENTRY_SIZE = 20;
const SFNT_HEADER_SIZE = 12;
const SFNT_RECORD_SIZE = 16;

type TableEntry = { tag: number; data: Uint8Array; checksum: number };

export function isWoff(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && readU32(bytes, 0) === WOFF_SIGNATURE;
}

function readU32(bytes: Uint8Array, at: number): number {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(at);
}

/** The sfnt font inside a WOFF 1.0 file; throws on a damaged or truncated file. */
export function woffToSfnt(woff: Uint8Array): Uint8Array {
  if (!isWoff(woff)) throw new Error('Not a WOFF 1.0 font');
  if (woff.length < WOFF_HEADER_SIZE) throw new Error('WOFF header truncated');
  const view = new DataView(woff.buffer, woff.byteOffset, woff.byteLength);
  const flavor = view.getUint32(4);
  const numTables = view.getUint16(12);
  if (numTables === 0 || WOFF_HEADER_SIZE + numTables * WOFF_ENTRY_SIZE > woff.length) {
    throw new Error('WOFF table directory truncated');
  }

  const tables: TableEntry[] = [];
  for (let i = 0; i < numTables; i++) {
    const at = WOFF_HEADER_SIZE + i * WOFF_ENTRY_SIZE;
    const tag = view.getUint32(at);
    const offset = view.getUint32(at + 4);
    const compLength = view.getUint32(at + 8);
    const origLength = view.getUint32(at + 12);
    const checksum = view.getUint32(at + 16);
    if (offset + compLength > woff.length || compLength > origLength) {
      throw new Error('WOFF table out of bounds');
    }
    const stored = woff.subarray(offset, offset + compLength);
    // A table that would not shrink is stored as it is.
    const data = compLength === origLength ? stored : new Uint8Array(inflateSync(stored));
    if (data.length !== origLength) throw new Error('WOFF table inflated to the wrong length');
    tables.push({ tag, data, checksum });
  }
  tables.sort((a, b) => a.tag - b.tag);

  const directorySize = SFNT_HEADER_SIZE + numTables * SFNT_RECORD_SIZE;
  const padded = (length: number) => (length + 3) & ~3;
  const size = tables.reduce((sum, table) => sum + padded(table.data.length), directorySize);
  const sfnt = new Uint8Array(size);
  const out = new DataView(sfnt.buffer);
  const entrySelector = Math.floor(Math.log2(numTables));
  const searchRange = 2 ** entrySelector * 16;
  out.setUint32(0, flavor);
  out.setUint16(4, numTables);
  out.setUint16(6, searchRange);
  out.setUint16(8, entrySelector);
  out.setUint16(10, numTables * 16 - searchRange);
  let offset = directorySize;
  tables.forEach((table, i) => {
    const record = SFNT_HEADER_SIZE + i * SFNT_RECORD_SIZE;
    out.setUint32(record, table.tag);
    out.setUint32(record + 4, table.checksum);
    out.setUint32(record + 8, offset);
    out.setUint32(record + 12, table.data.length);
    sfnt.set(table.data, offset);
    offset += padded(table.data.length);
  });
  return sfnt;
}
