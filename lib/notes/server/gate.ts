import "server-only";
import { type FundAccess, fundAccess } from "../../data/fund-access";
import type { Principal } from "../../data/principal";
import { refOfStoreKey } from "../../data/sources";
import { NotFound } from "../../http/errors";
import { noteById, type NoteRow } from "../../store/server/team";

// Who may read and write which note: the fund's one gate (lib/data/fund-access) decides, so a note about a fund out
// of the person's scope answers exactly as one that does not exist.

/** The one answer for a note that does not exist, or is about a fund the person may not see. */
export const noSuchNote = () => new NotFound("No such note.");

/** Note ids are UUIDs: anything else is no note, asked of nobody. */
const noteIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A note and its fund's access for this action; 404 for an unknown note and one out of scope alike. */
export async function gatedNote(
  user: Principal,
  id: string,
  action: "note.read" | "note.write",
): Promise<{ note: NoteRow; access: FundAccess }> {
  const note = noteIdPattern.test(id) ? await noteById(id) : null;
  const ref = note ? await refOfStoreKey(note.fundKey) : null;
  if (!note || !ref) throw noSuchNote();
  // Out of scope is no such note; a role that may not write is the gate's 403.
  const read = await fundAccess(user, ref, "note.read").catch((error: unknown) => {
    if ((error as { status?: number }).status === 404) throw noSuchNote();
    throw error;
  });
  return { note, access: action === "note.read" ? read : await fundAccess(user, ref, action) };
}
