import "server-only";
import { type SQL, sql } from "drizzle-orm";
import type { StoreDb } from "./connection";
import type { StoreTx } from "./writes";

// The alerts' SQL is written as text with $1, $2… (the same on PGlite and PostgreSQL), run on the store's pool or
// inside a read's transaction.

export type Row = Record<string, unknown>;

/** Where a statement runs: the store's connection, or a write's transaction. */
export type Executor = Pick<StoreDb, "execute"> | Pick<StoreTx, "execute">;

/** A statement from its text and its parameters ($n is parameter n; an array is one parameter). */
export function statement(text: string, params: readonly unknown[] = []): SQL {
  const parts = text.split(/\$(\d+)/);
  return sql.join(
    parts.map((part, at) => (at % 2 === 0 ? sql.raw(part) : sql`${sql.param(params[Number(part) - 1])}`)),
  );
}

/** The rows a statement answers. */
export async function rowsOf(on: Executor, text: string, params: readonly unknown[] = []): Promise<Row[]> {
  const result = await on.execute(statement(text, params));
  return result.rows as Row[];
}

export const textOf = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));
export const dateOf = (value: unknown): Date | null =>
  value === null || value === undefined ? null : new Date(value as Date);
