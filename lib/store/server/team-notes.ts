import "server-only";
import type { FollowUpState, StoreFollowUp } from "../model";
import { dateOf, type Executor, type Row, rowsOf, textOf } from "./alerts-sql";
import { type StoreConnection, defaultConnection } from "./connection";

// Notes and follow-ups (issue 45): written as people type them, each write with its position's next follow-up in one
// transaction; an edit names the version it was made on and is refused when another landed first.

/** A fund (investorId null) or an investor in it, by the fund's store key. */
export interface NoteTarget {
  fundKey: string;
  investorId: string | null;
}

export interface NoteRow extends NoteTarget {
  id: string;
  investorName: string | null;
  text: string;
  author: string;
  authorName: string | null;
  createdAt: Date;
  editedAt: Date | null;
  version: number;
  followUp: StoreFollowUp | null;
  /** The texts it had before, newest first. */
  earlier: { version: number; text: string; writtenAt: Date }[];
}

export type NewNote = Omit<NoteRow, "editedAt" | "version" | "earlier">;

function followUpOf(row: Row): StoreFollowUp | null {
  if (row.state === null || row.state === undefined) return null;
  return {
    assignee: String(row.assignee),
    assigneeName: textOf(row.assignee_name),
    due: String(row.due),
    state: row.state as FollowUpState,
  };
}

export function noteOf(row: Row, earlier: NoteRow["earlier"] = []): NoteRow {
  return {
    id: String(row.id),
    fundKey: String(row.fund_key),
    investorId: textOf(row.investor_id),
    investorName: textOf(row.investor_name),
    text: String(row.text),
    author: String(row.author),
    authorName: textOf(row.author_name),
    createdAt: dateOf(row.created_at)!,
    editedAt: dateOf(row.edited_at),
    version: Number(row.version),
    followUp: followUpOf(row),
    earlier,
  };
}

export const noteColumns = `n.id, n.fund_key, n.investor_id, n.investor_name, n.text, n.author, n.author_name,
  n.created_at, n.edited_at, n.version, n.assignee, n.assignee_name, n.due::text as due, n.state`;

/** The notes' earlier texts, by note. */
async function earlierOf(on: Executor, ids: readonly string[]): Promise<Map<string, NoteRow["earlier"]>> {
  const found = new Map<string, NoteRow["earlier"]>();
  if (ids.length === 0) return found;
  const rows = await rowsOf(
    on,
    "select note_id, version, text, written_at from note_edits where note_id = any($1::text[]) order by version desc",
    [ids],
  );
  for (const row of rows) {
    const list = found.get(String(row.note_id)) ?? [];
    list.push({ version: Number(row.version), text: String(row.text), writtenAt: dateOf(row.written_at)! });
    found.set(String(row.note_id), list);
  }
  return found;
}

/** Notes with their earlier texts. */
async function withEarlier(on: Executor, rows: Row[]): Promise<NoteRow[]> {
  const earlier = await earlierOf(
    on,
    rows.map((row) => String(row.id)),
  );
  return rows.map((row) => noteOf(row, earlier.get(String(row.id)) ?? []));
}

/**
 * Keeps a position's next follow-up true after a write of one of its notes: the earliest due of those not done, else
 * the last due of those done; none without a follow-up.
 */
async function refreshNext(on: Executor, fundKey: string, investorId: string | null): Promise<void> {
  if (investorId === null) return;
  await rowsOf(on, "delete from follow_up_next where fund_key = $1 and investor_id = $2", [fundKey, investorId]);
  await rowsOf(
    on,
    `insert into follow_up_next (fund_key, investor_id, note_id, assignee, assignee_name, due, state)
     select fund_key, investor_id, id, assignee, assignee_name, due, state from notes
     where fund_key = $1 and investor_id = $2 and state is not null
     order by state = 'done', case when state <> 'done' then due end, due desc, created_at, id
     limit 1`,
    [fundKey, investorId],
  );
}

/** Keeps a new note (and its position's next follow-up). */
export async function insertNote(note: NewNote, store: StoreConnection = defaultConnection()): Promise<void> {
  const follow = note.followUp;
  await store.use((db) =>
    db.transaction(async (tx) => {
      await rowsOf(
        tx,
        `insert into notes (id, fund_key, investor_id, investor_name, text, author, author_name, created_at, version,
           assignee, assignee_name, due, state)
         values ($1, $2, $3, $4, $5, $6, $7, $8, 1, $9, $10, $11::date, $12)`,
        [
          note.id,
          note.fundKey,
          note.investorId,
          note.investorName,
          note.text,
          note.author,
          note.authorName,
          note.createdAt.toISOString(),
          follow?.assignee ?? null,
          follow?.assigneeName ?? null,
          follow?.due ?? null,
          follow?.state ?? null,
        ],
      );
      if (follow) await refreshNext(tx, note.fundKey, note.investorId);
    }),
  );
}

/** The notes about these funds and investors (a fund's own: investorId null), newest first. */
export async function notesAbout(
  targets: readonly NoteTarget[],
  store: StoreConnection = defaultConnection(),
): Promise<NoteRow[]> {
  if (targets.length === 0) return [];
  return store.use(async (db) => {
    const rows = await rowsOf(
      db,
      `select ${noteColumns} from notes n
       join unnest($1::text[], $2::text[]) t(fund_key, investor_id)
         on n.fund_key = t.fund_key and n.investor_id is not distinct from t.investor_id
       order by n.created_at desc, n.id desc`,
      [targets.map((target) => target.fundKey), targets.map((target) => target.investorId)],
    );
    return withEarlier(db, rows);
  });
}

export async function noteById(id: string, store: StoreConnection = defaultConnection()): Promise<NoteRow | null> {
  return store.use(async (db) => {
    const rows = await rowsOf(db, `select ${noteColumns} from notes n where n.id = $1`, [id]);
    return (await withEarlier(db, rows))[0] ?? null;
  });
}

export interface NoteChange {
  id: string;
  /** The version the change was made on: the note's latest, or the change is refused. */
  version: number;
  /** The new text (its earlier one kept), or undefined to keep it. */
  text?: string;
  /** The new follow-up, null to remove it, or undefined to keep it. */
  followUp?: StoreFollowUp | null;
  at: Date;
}

export type NoteChanged = { outcome: "changed"; version: number } | { outcome: "stale"; current: NoteRow | null };

/** Changes a note made on its latest version; otherwise "stale", with the note as it is now (null: deleted). */
export async function changeNote(
  change: NoteChange,
  store: StoreConnection = defaultConnection(),
): Promise<NoteChanged> {
  return store.use((db) =>
    db.transaction(async (tx) => {
      const [old] = await rowsOf(tx, `select ${noteColumns} from notes n where n.id = $1 for update`, [change.id]);
      if (!old || Number(old.version) !== change.version) {
        const current = old ? (await withEarlier(tx, [old]))[0]! : null;
        return { outcome: "stale", current } as const;
      }
      const note = noteOf(old);
      const text = change.text ?? note.text;
      const textChanged = text !== note.text;
      if (textChanged)
        await rowsOf(tx, "insert into note_edits (note_id, version, text, written_at) values ($1, $2, $3, $4)", [
          note.id,
          note.version,
          note.text,
          (note.editedAt ?? note.createdAt).toISOString(),
        ]);
      const follow = change.followUp === undefined ? note.followUp : change.followUp;
      const [updated] = await rowsOf(
        tx,
        `update notes set text = $2, edited_at = case when $3::boolean then $4::timestamptz else edited_at end,
           version = version + 1, assignee = $5, assignee_name = $6, due = $7::date, state = $8
         where id = $1 returning version`,
        [
          note.id,
          text,
          textChanged,
          change.at.toISOString(),
          follow?.assignee ?? null,
          follow?.assigneeName ?? null,
          follow?.due ?? null,
          follow?.state ?? null,
        ],
      );
      await refreshNext(tx, note.fundKey, note.investorId);
      return { outcome: "changed", version: Number(updated!.version) } as const;
    }),
  );
}

/** Deletes a note with its earlier texts (and keeps its position's next follow-up true): the note deleted, or null. */
export async function deleteNote(id: string, store: StoreConnection = defaultConnection()): Promise<NoteRow | null> {
  return store.use((db) =>
    db.transaction(async (tx) => {
      const [row] = await rowsOf(tx, `delete from notes n where n.id = $1 returning ${noteColumns}`, [id]);
      if (!row) return null;
      const note = noteOf(row);
      await refreshNext(tx, note.fundKey, note.investorId);
      return note;
    }),
  );
}

/**
 * Deletes the notes about the positions a forget matches (in its transaction, before the positions go): those of
 * every kept read and of the read model with that email or a tax key, in the funds named (null: every fund).
 */
export async function forgetNotes(
  on: Executor,
  match: { email: string | null; taxKeys: readonly string[]; fundKeys: readonly string[] | null },
): Promise<number> {
  const removed = await rowsOf(
    on,
    `with about as (
       select r.fund_id as fund_key, p.investor_id from positions p join reads r on r.id = p.read_id
       where (p.email = $1 or p.tax_key = any($2::text[])) and ($3::text[] is null or r.fund_id = any($3::text[]))
       union
       select f.fund_key, p.investor_id from org_positions p join org_funds f on f.id = p.fund
       where (p.email_key = $1 or p.tax_key = any($2::text[])) and ($3::text[] is null or f.fund_key = any($3::text[]))),
     gone as (delete from notes n using about a where n.fund_key = a.fund_key and n.investor_id = a.investor_id
              returning n.fund_key, n.investor_id),
     nexts as (delete from follow_up_next x using about a where x.fund_key = a.fund_key and x.investor_id = a.investor_id)
     select count(*)::int as count from gone`,
    [match.email, [...match.taxKeys], match.fundKeys === null ? null : [...match.fundKeys]],
  );
  return Number(removed[0]?.count ?? 0);
}
