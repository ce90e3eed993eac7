import "server-only";
import type { StoreFollowUp, StoreScope } from "../model";
import { rowsOf } from "./alerts-sql";
import { produced } from "./channel";
import { type StoreConnection, defaultConnection } from "./connection";
import { inScope, Params } from "./org-scope";
import { noteColumns, noteOf, type NoteRow } from "./team-notes";

// Follow-ups as lists: a person's own, those due for their digest, a fund's next ones by investor, a fund's notes
// for its file. Each in scope as a condition on the read model's funds (a fund out of scope has none).

/** A note with its fund as the read model names it (for a link and a name). */
export interface PlacedNote extends NoteRow {
  fingerprint: string;
  fundId: string;
  fundName: string;
}

const placedColumns = `${noteColumns}, f.fingerprint, f.fund_id as upstream_fund_id, coalesce(f.name, f.fund_id) as fund_name`;

function placed(row: Record<string, unknown>): PlacedNote {
  return {
    ...noteOf(row),
    fingerprint: String(row.fingerprint),
    fundId: String(row.upstream_fund_id),
    fundName: String(row.fund_name),
  };
}

/**
 * A person's follow-ups in their scope: those not done, overdue first then by due day, then the done ones, latest
 * due first; at most `limit`.
 */
export async function followUpsOf(
  input: { assignee: string; scope: StoreScope; today: string; limit?: number },
  store: StoreConnection = defaultConnection(),
): Promise<PlacedNote[]> {
  const params = new Params();
  const assignee = params.add(input.assignee);
  const today = params.add(input.today);
  const rows = await store.use((db) =>
    rowsOf(
      db,
      `select ${placedColumns} from notes n join org_funds f on f.fund_key = n.fund_key
       where n.assignee = ${assignee} and n.state is not null and ${inScope(input.scope, params)}
       order by n.state = 'done', n.state <> 'done' and n.due < ${today}::date desc,
         case when n.state <> 'done' then n.due end, n.due desc, n.created_at, n.id
       limit ${params.add(input.limit ?? 500)}`,
      params.values,
    ),
  );
  return rows.map(placed);
}

/** The follow-ups not done that are due on or before `day` for these people (the daily digest's), by due day. */
export async function followUpsDue(
  assignees: readonly string[],
  day: string,
  store: StoreConnection = defaultConnection(),
): Promise<PlacedNote[]> {
  const rows = await store.use((db) =>
    rowsOf(
      db,
      `select ${placedColumns} from notes n join org_funds f on f.fund_key = n.fund_key
       where n.assignee = any($1::text[]) and n.state in ('open', 'waiting') and n.due <= $2::date and f.listed
       order by n.due, n.created_at, n.id`,
      [[...assignees], day],
    ),
  );
  return rows.map(placed);
}

/** Each investor's next follow-up in one fund (its investor table's column). */
export async function fundFollowUps(
  fundKey: string,
  store: StoreConnection = defaultConnection(),
): Promise<Map<string, StoreFollowUp>> {
  const rows = await store.use((db) =>
    rowsOf(
      db,
      "select investor_id, assignee, assignee_name, due::text as due, state from follow_up_next where fund_key = $1",
      [fundKey],
    ),
  );
  return new Map(
    rows.map((row) => [
      String(row.investor_id),
      {
        assignee: String(row.assignee),
        assigneeName: row.assignee_name === null ? null : String(row.assignee_name),
        due: String(row.due),
        state: row.state as StoreFollowUp["state"],
      },
    ]),
  );
}

/** Every note of a fund (its own and its investors'), newest first, a batch at a time (its file). */
export function fundNoteBatches(
  fundKey: string,
  batch = 1_000,
  store: StoreConnection = defaultConnection(),
): AsyncGenerator<NoteRow[]> {
  return produced<NoteRow[]>(async (emit) => {
    let after: { at: string; id: string } | null = null;
    for (;;) {
      const rows = await store.use((db) =>
        rowsOf(
          db,
          `select ${noteColumns}, n.created_at::text as at_text from notes n
           where n.fund_key = $1 and ($2::timestamptz is null or (n.created_at, n.id) < ($2::timestamptz, $3))
           order by n.created_at desc, n.id desc limit $4`,
          [fundKey, after?.at ?? null, after?.id ?? "", batch],
        ),
      );
      if (rows.length > 0) await emit(rows.map((row) => noteOf(row)));
      if (rows.length < batch) return;
      const last = rows.at(-1)!;
      after = { at: String(last.at_text), id: String(last.id) };
    }
  });
}
