import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { AppError } from './app-error';

/*
 * The cursor of a newest-first list paged by keyset (`(created_at, id) < (cursor)`): the last
 * row's time to the microsecond, as the database keeps it, and its id, opaque to the client.
 * A millisecond JavaScript Date would lose rows that share the millisecond.
 */

export type KeysetCursor = { createdAt: string; id: string };

/** A timestamp column as UTC text to the microsecond, the time a cursor carries. */
export function microsecondText(column: AnyColumn | SQL): SQL<string> {
  return sql<string>`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

export function encodeCursor(createdAt: string, id: string): string {
  return Buffer.from(`${createdAt}|${id}`).toString('base64url');
}

/** The cursor's time and id; 400 `invalid_cursor` for anything the server did not hand out. */
export function decodeCursor(cursor: string): KeysetCursor {
  const [createdAt, id, ...rest] = Buffer.from(cursor, 'base64url').toString().split('|');
  if (
    !createdAt ||
    !id ||
    rest.length > 0 ||
    !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/.test(createdAt) ||
    Number.isNaN(Date.parse(createdAt)) ||
    !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id)
  ) {
    throw new AppError('invalid_cursor');
  }
  return { createdAt, id };
}

/** `(created_at, id) < (cursor)`: the rows after the cursor in newest-first order. */
export function beforeCursor(createdAt: AnyColumn, id: AnyColumn, cursor: KeysetCursor): SQL {
  return sql`(${createdAt}, ${id}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`;
}
