import "server-only";
import { BadRequest } from "../../http/errors";
import { type Cursor, CursorMismatch, decodeCursor } from "../../store/server";

/** A page's `after` as the store takes it; a cursor that is not one is the caller's bad input (400). */
export function cursorOf(after: string | null | undefined): Cursor | null {
  if (!after) return null;
  const cursor = decodeCursor(after);
  if (!cursor) throw new BadRequest("This page's cursor is not one the server gave: reload the table.");
  return cursor;
}

/** Runs a paged read, a cursor that does not fit its view answering 400 like one that is not a cursor at all. */
export async function withCursor<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof CursorMismatch) throw new BadRequest(error.message);
    throw error;
  }
}
