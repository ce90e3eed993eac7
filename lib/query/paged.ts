/** Where the next page of a server-paged view starts, and which version of the list it must be cut from. */
export interface PageCursor {
  offset: number;
  version?: string;
  /** The server's keyset cursor after the page before (the store's views); the offset is then only a count. */
  after?: string;
}

/** Later pages carry more rows than the first screen does. */
export const laterPageRows = 300;

interface PagedAnswer {
  offset: number;
  rows: readonly unknown[];
  matched: number;
  version: string | null;
  /** Where the next page starts, when the server pages by keyset; null at the end. */
  next?: string | null;
}

/** The page after `last`, cut from its version (none while the list is still read); undefined at the end. */
export function nextPageCursor(last: PagedAnswer): PageCursor | undefined {
  const offset = last.offset + last.rows.length;
  if (last.next === null || offset >= last.matched || last.rows.length === 0) return undefined;
  const after = last.next === undefined ? {} : { after: last.next };
  return last.version === null ? { offset, ...after } : { offset, version: last.version, ...after };
}

/** The query string of one page of a view: its search, offset or cursor, limit (first screen or later) and version. */
export function pageParams(search: string, cursor: PageCursor, firstPageRows: number): URLSearchParams {
  const params = new URLSearchParams(search);
  params.set("offset", String(cursor.offset));
  params.set("limit", String(cursor.offset === 0 ? firstPageRows : laterPageRows));
  if (cursor.version !== undefined) params.set("version", cursor.version);
  if (cursor.after !== undefined) params.set("after", cursor.after);
  return params;
}
