import "server-only";
import { randomUUID } from "node:crypto";
import { can } from "../../access/policy";
import { withinWriteLimit } from "../../auth/write-limit";
import { investorName } from "../../customer-api/names";
import { fundAccess } from "../../data/fund-access";
import { notePersonSeenNow } from "../../data/people";
import type { Principal } from "../../data/principal";
import { investorRead } from "../../fund-reads/server/records";
import { checkedBody } from "../../http/checked-body";
import { Conflict, Forbidden } from "../../http/errors";
import { auditEntry, personOf } from "../../server/audit-entries";
import { recordAudit } from "../../server/audit-record";
import { logLine } from "../../server/log";
import { changeNote, deleteNote, insertNote, type NoteRow, notesAbout } from "../../store/server/team";
import { type Note, noteBodySchema, noteChangeSchema } from "../types";
import { assignedFollowUp } from "./assignees";
import { gatedNote } from "./gate";

// Notes as people write them (the pages and POST/PATCH/DELETE /api/notes): checked field by field, the fund by its
// gate, the assignee among those who may see the record; an edit made on an older version is a 409 with the note as
// it is now, so the second of two people editing sees the newer text and loses nothing of their own.

const ownEmail = (user: Principal) => user.email.toLowerCase();

/** A kept note as a person reads it: their own (and may they still write) marked. */
export function noteView(user: Principal, row: NoteRow, fundId: string, mayWrite: boolean): Note {
  return {
    id: row.id,
    fundId,
    investorId: row.investorId,
    investorName: row.investorName,
    text: row.text,
    author: row.author,
    authorName: row.authorName,
    at: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
    version: row.version,
    followUp: row.followUp,
    earlier: row.earlier.map((earlier) => ({ text: earlier.text, at: earlier.writtenAt.toISOString() })),
    mine: mayWrite && row.author === ownEmail(user),
    canTrack: mayWrite && row.followUp !== null && mayTrack(user, row),
  };
}

/** Its author, and its follow-up's assignee, move the follow-up on (state, due day). */
const mayTrack = (user: Principal, row: NoteRow) =>
  row.author === ownEmail(user) || row.followUp?.assignee === ownEmail(user);

/** POST /api/notes: a note about a fund or an investor in it; its id and version. */
export async function createNote(user: Principal, body: unknown): Promise<{ id: string; version: number }> {
  const input = checkedBody(noteBodySchema, body);
  // Out of scope: the unknown fund's 404; a viewer: 403. Both before anything else is read.
  const access = await fundAccess(user, input.fundId, "note.write");
  await withinWriteLimit(user);
  // An investor must be one of the fund's (404 otherwise, as their page); their name is what lists call them.
  const investor = input.investorId ? (await investorRead(user, access.ref, input.investorId)).value : null;
  const followUp = input.followUp ? await assignedFollowUp(input.followUp, access.resource) : null;
  const id = randomUUID();
  await insertNote({
    id,
    fundKey: access.storeKey,
    investorId: investor?.id ?? null,
    investorName: investor ? investorName(investor) : null,
    text: input.text,
    author: ownEmail(user),
    authorName: user.name ?? null,
    createdAt: new Date(),
    followUp,
  });
  void notePersonSeenNow(user).catch(() => undefined);
  logLine("note_written", { note: id, followUp: followUp !== null });
  return { id, version: 1 };
}

/** The notes about a fund's own record or an investor in it, newest first, and whether the person may write here. */
export async function fundNotes(
  user: Principal,
  ref: string,
  investorId: string | null,
): Promise<{ notes: Note[]; canWrite: boolean }> {
  const access = await fundAccess(user, ref, "note.read");
  const mayWrite = can(user, "note.write", access.resource);
  const rows = await notesAbout([{ fundKey: access.storeKey, investorId }]);
  void notePersonSeenNow(user).catch(() => undefined);
  return { notes: rows.map((row) => noteView(user, row, access.ref, mayWrite)), canWrite: mayWrite };
}

/**
 * PATCH /api/notes/{id}: its author changes its text or follow-up, its assignee the follow-up's state and due day;
 * made on its latest version (else 409).
 */
export async function changeNoteOf(user: Principal, id: string, body: unknown): Promise<{ version: number }> {
  const input = checkedBody(noteChangeSchema, body);
  const { note, access } = await gatedNote(user, id, "note.write");
  const tracking =
    input.text === undefined &&
    input.followUp?.assignee.toLowerCase() === note.followUp?.assignee &&
    mayTrack(user, note);
  if (note.author !== ownEmail(user) && !tracking)
    throw new Forbidden("Only its author changes a note; its assignee moves its follow-up on.");
  await withinWriteLimit(user);
  const followUp =
    input.followUp === undefined
      ? undefined
      : input.followUp === null
        ? null
        : await assignedFollowUp(input.followUp, access.resource, note.followUp);
  const changed = await changeNote({ id: note.id, version: input.version, text: input.text, followUp, at: new Date() });
  if (changed.outcome === "stale") {
    if (!changed.current) throw new Conflict("This note was deleted meanwhile.", { note: null });
    const current = noteView(user, changed.current, access.ref, true);
    throw new Conflict("Someone saved this note after you opened it: here is the newer text. Yours was not saved.", {
      note: current,
    });
  }
  logLine("note_changed", { note: note.id, version: changed.version });
  return { version: changed.version };
}

/** DELETE /api/notes/{id}: its author deletes it; a row of the audit trail says who, which fund and when. */
export async function removeNoteOf(user: Principal, id: string, request: Request): Promise<void> {
  const { note, access } = await gatedNote(user, id, "note.write");
  if (note.author !== ownEmail(user)) throw new Forbidden("Only its author deletes a note.");
  await withinWriteLimit(user);
  // Recorded before it is done: a deletion the trail cannot hold is not made (503).
  await recordAudit(
    auditEntry(personOf(user, request), {
      action: "note_delete",
      outcome: "done",
      fund: access.resource,
      fundId: access.ref,
      investorId: note.investorId,
      detail: `note ${note.id} written ${note.createdAt.toISOString()}${note.followUp ? " with a follow-up" : ""}`,
    }),
  );
  await deleteNote(note.id);
  logLine("note_deleted", { note: note.id });
}
