import type { ColumnSpec } from "../table/types";
import type { Note } from "./types";

// A fund's notes as a file (GET /api/notes.csv and .xlsx), defined once: the record each is about, its author and
// time, its text as typed, its follow-up.

const column = <const Id extends string>(
  id: Id,
  header: string,
  value: ColumnSpec<Note>["value"],
  kind: ColumnSpec<Note>["kind"] = "text",
): ColumnSpec<Note, Id> => ({ id, header, kind, value, defaultVisible: true });

export const noteFileColumns: readonly ColumnSpec<Note>[] = [
  column("id", "Note", (note) => note.id),
  column("fund_id", "Fund id", (note) => note.fundId),
  column("about", "About", (note) => (note.investorId ? "investor" : "fund")),
  column("investor_id", "Investor id", (note) => note.investorId),
  column("investor_name", "Investor", (note) => note.investorName),
  column("author", "Author", (note) => note.author),
  column("author_name", "Author's name", (note) => note.authorName),
  column("written_at", "Written", (note) => note.at, "date"),
  column("edited_at", "Edited", (note) => note.editedAt, "date"),
  column("text", "Text", (note) => note.text),
  column("follow_up_state", "Follow-up", (note) => note.followUp?.state),
  column("follow_up_due", "Due", (note) => note.followUp?.due, "date"),
  column("follow_up_assignee", "Assignee", (note) => note.followUp?.assignee),
];
