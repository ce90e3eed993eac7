import "server-only";
import { Params } from "./org-scope";

// Keyset paging: a page continues after the last row of the one before, by the values it was sorted on, whatever
// the depth (an offset would make the database count every row before it). A sort on a column that may be empty
// walks its values (an index's order) and then, empty values last in both directions, the rows without one.

export type SqlType = "text" | "numeric" | "integer" | "bigint" | "date" | "boolean";

export interface Ordering {
  /** The sort column, then the tie-breaks down to a unique key. */
  columns: readonly { expr: string; type: SqlType }[];
  /** The sort column may be null: its rows come last, in the tie-breaks' order. */
  nullable: boolean;
  direction: "asc" | "desc";
  /**
   * The view in parts walked one after the other, each in the columns' order (overdue first, then the rest): each
   * part's query can follow an index of the columns, where one ORDER BY of the part's rank could not.
   */
  parts?: readonly string[];
}

/**
 * Where a page starts: the segment (0 the values, 1 the empty ones; or the part) and the last row's values as text
 * (none: its start).
 */
export interface Cursor {
  segment: number;
  values: (string | null)[] | null;
}

/** The cursor as the next page's URL carries it. */
export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.segment, cursor.values])).toString("base64url");
}

/** A cursor from a URL, or null when it is not one. */
export function decodeCursor(text: string): Cursor | null {
  try {
    const parsed = JSON.parse(Buffer.from(text, "base64url").toString("utf8")) as unknown;
    if (!Array.isArray(parsed) || parsed.length !== 2) return null;
    const [segment, values] = parsed as [unknown, unknown];
    if (typeof segment !== "number" || !Number.isInteger(segment) || segment < 0 || segment > 9) return null;
    if (values === null) return { segment, values: null };
    if (!Array.isArray(values) || !values.every((v) => v === null || typeof v === "string")) return null;
    return { segment, values: values as (string | null)[] };
  } catch {
    return null;
  }
}

/** A cursor that does not fit the view it is given to (another sort, or made up): the caller's bad input. */
export class CursorMismatch extends Error {
  constructor() {
    super("This page's cursor does not fit the view: reload the table.");
  }
}

const valuePatterns: Record<SqlType, RegExp> = {
  text: /^[\s\S]*$/,
  numeric: /^-?\d+(\.\d+)?$/,
  integer: /^-?\d{1,9}$/,
  bigint: /^-?\d{1,18}$/,
  date: /^\d{4}-\d{2}-\d{2}$/,
  boolean: /^(true|false)$/,
};

/** The columns a segment orders by: the sort column's nulls are ordered by the tie-breaks alone. */
export function segmentColumns(ordering: Ordering, segment: number) {
  return segment === 0 || ordering.parts ? ordering.columns : ordering.columns.slice(1);
}

/** How many segments a view has: its parts, or its sort column's values and then its empty ones. */
export const segmentCount = (ordering: Ordering) => ordering.parts?.length ?? (ordering.nullable ? 2 : 1);

/** The segments a view walks, from the cursor's. */
export function segmentsFrom(ordering: Ordering, cursor: Cursor | null): number[] {
  const all = Array.from({ length: segmentCount(ordering) }, (_, segment) => segment);
  return all.filter((segment) => segment >= (cursor?.segment ?? 0));
}

/** The condition of a segment's rows. */
function segmentCondition(ordering: Ordering, segment: number): string[] {
  if (ordering.parts) return [ordering.parts[segment]!];
  const first = ordering.columns[0]!.expr;
  return ordering.nullable ? [segment === 0 ? `${first} is not null` : `${first} is null`] : [];
}

/** WHERE and ORDER BY of one segment, after the cursor when it is in this segment. */
export function segmentSql(ordering: Ordering, segment: number, cursor: Cursor | null, params: Params) {
  const columns = segmentColumns(ordering, segment);
  const conditions = segmentCondition(ordering, segment);
  if (cursor && cursor.segment === segment && cursor.values !== null) {
    const fits = (value: string | null, at: number) => value !== null && valuePatterns[columns[at]!.type].test(value);
    if (cursor.values.length !== columns.length || !cursor.values.every(fits)) throw new CursorMismatch();
    const row = columns.map((column) => column.expr).join(", ");
    const values = columns.map((column, at) => `${params.add(cursor.values![at])}::${column.type}`).join(", ");
    conditions.push(`(${row}) ${ordering.direction === "asc" ? ">" : "<"} (${values})`);
  }
  const orderBy = columns.map((column) => `${column.expr} ${ordering.direction}`).join(", ");
  // The values each row is ordered by, as text: the next page's cursor is the last row's.
  const keys = columns.map((column, at) => `(${column.expr})::text as "__k${at}"`).join(", ");
  return { where: conditions.length > 0 ? conditions.join(" and ") : "true", orderBy, keys };
}

/** The cursor after a row of a segment, from its `__k` values. */
export function cursorAfter(ordering: Ordering, segment: number, row: Record<string, unknown>): Cursor {
  const values = segmentColumns(ordering, segment).map((_, at) => (row[`__k${at}`] as string | null) ?? null);
  return { segment, values };
}

/** A row without its `__k` values. */
export function withoutKeys<T>(row: Record<string, unknown>): T {
  return Object.fromEntries(Object.entries(row).filter(([key]) => !key.startsWith("__k"))) as T;
}

/** ORDER BY of the whole view at once (an offset's page): the sort column's empty values last, both ways. */
export function wholeOrder(ordering: Ordering): string {
  const [first, ...rest] = ordering.columns;
  const dir = ordering.direction;
  const rank = ordering.parts?.map((part, at) => `when ${part} then ${at}`).join(" ");
  const lead = rank ? `case ${rank} end, ` : ordering.nullable ? `${first!.expr} is null, ` : "";
  return `${lead}${[first!, ...rest].map((column) => `${column.expr} ${dir}`).join(", ")}`;
}

/** Runs a query: its rows. */
export type Run = <R>(text: string, values: unknown[]) => Promise<R[]>;

/**
 * A page of a view: after the cursor, segment by segment, or (without one) from an offset; with the next page's
 * cursor, null at the end. `select` is the columns wanted; `from` and `where` the rows of the view, whose parameters
 * `base` holds.
 */
export async function keysetPage<T>(input: {
  run: Run;
  select: string;
  from: string;
  where: string;
  base: Params;
  ordering: Ordering;
  after: Cursor | null;
  offset: number;
  limit: number;
}): Promise<{ rows: T[]; next: string | null }> {
  const { run, select, from, where, base, ordering, after, limit } = input;
  const fork = () => {
    const params = new Params();
    params.values.push(...base.values);
    return params;
  };
  if (!after && input.offset > 0) {
    const params = fork();
    const found = await run<Record<string, unknown>>(
      `select ${select} from ${from} where ${where} order by ${wholeOrder(ordering)}
       limit ${params.add(limit)} offset ${params.add(input.offset)}`,
      params.values,
    );
    return { rows: found as T[], next: null };
  }
  if (after && after.segment >= segmentCount(ordering)) throw new CursorMismatch();
  const rows: Record<string, unknown>[] = [];
  const segments = segmentsFrom(ordering, after);
  for (const segment of segments) {
    const want = limit - rows.length;
    if (want === 0)
      return { rows: rows.map((row) => withoutKeys<T>(row)), next: encodeCursor({ segment, values: null }) };
    const params = fork();
    const { where: keyset, orderBy, keys } = segmentSql(ordering, segment, after, params);
    const found = await run<Record<string, unknown>>(
      `select ${select}, ${keys} from ${from} where ${where} and ${keyset} order by ${orderBy}
       limit ${params.add(want + 1)}`,
      params.values,
    );
    rows.push(...found.slice(0, want));
    if (found.length > want) {
      const next = encodeCursor(cursorAfter(ordering, segment, found[want - 1]!));
      return { rows: rows.map((row) => withoutKeys<T>(row)), next };
    }
  }
  return { rows: rows.map((row) => withoutKeys<T>(row)), next: null };
}
