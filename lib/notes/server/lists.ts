import "server-only";
import { hasRole } from "../../access/policy";
import { fundRefOf, organizationScope } from "../../data/organization";
import { notePersonSeenNow } from "../../data/people";
import type { Principal } from "../../data/principal";
import { NotFound } from "../../http/errors";
import { investorByKey } from "../../store/server";
import { followUpsOf, notesAbout, type PlacedNote } from "../../store/server/team";
import type { FollowUpItem, Note } from "../types";
import { noteView } from "./notes";

// Notes that span funds, each list a query in the person's scope: a person's own follow-ups (/follow-ups), and the
// notes of each of a directory person's positions they may see (so a note never carries a fund out of scope).

const utcDay = () => new Date().toISOString().slice(0, 10);

/** GET /api/follow-ups: the person's follow-ups in their scope, overdue first, then by due day, the done ones last. */
export async function myFollowUps(user: Principal): Promise<{ followUps: FollowUpItem[] }> {
  const today = utcDay();
  const [scope, refOf] = await Promise.all([organizationScope(user), fundRefOf()]);
  void notePersonSeenNow(user).catch(() => undefined);
  const rows = await followUpsOf({ assignee: user.email.toLowerCase(), scope, today });
  // Their funds are in the person's scope (the query's condition): whether they may write is their role's.
  const mayWrite = hasRole(user, "ops");
  return {
    followUps: rows.map((row: PlacedNote) => ({
      ...noteView(user, row, refOf(row), mayWrite),
      followUp: row.followUp!,
      fundName: row.fundName,
      overdue: row.followUp!.state !== "done" && row.followUp!.due < today,
    })),
  };
}

/** GET /api/notes?investorKey=: the notes about each of a directory person's positions in scope, newest first. */
export async function investorNotes(
  user: Principal,
  key: string,
): Promise<{ notes: (Note & { fundName: string })[]; canWrite: boolean }> {
  const [scope, refOf] = await Promise.all([organizationScope(user), fundRefOf()]);
  const found = await investorByKey({ scope, key });
  if (!found) throw new NotFound("No investor has this key: the directory may have changed since the link was made.");
  const positions = found.positions.map((position) => ({
    fundKey: `${position.fingerprint}:${position.fundId}`,
    investorId: String(position.record.id),
    ref: refOf(position),
    fundName: position.fundName,
  }));
  const byFund = new Map(positions.map((position) => [position.fundKey, position]));
  const rows = await notesAbout(positions);
  // Written from each note's own page (its fund's): here they are read.
  return {
    notes: rows.map((row) => {
      const position = byFund.get(row.fundKey)!;
      return { ...noteView(user, row, position.ref, false), fundName: position.fundName };
    }),
    canWrite: false,
  };
}
