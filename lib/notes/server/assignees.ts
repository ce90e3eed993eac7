import "server-only";
import type { FundResource } from "../../access/types";
import { fundAccess } from "../../data/fund-access";
import { peopleWhoMayRead } from "../../data/people";
import type { Principal } from "../../data/principal";
import { BadField } from "../../http/errors";
import type { StoreFollowUp } from "../../store/model";
import type { Assignees, NoteBody } from "../types";

// A follow-up is assigned to someone who may see its record now: a person of the users file, or one single sign-on
// or the proxy let in who has used the dashboard's alerts, notes or follow-ups, as their access stands today.

/** GET /api/notes/assignees: who a follow-up about this fund may be assigned to. */
export async function assigneesOf(user: Principal, ref: string): Promise<Assignees> {
  const access = await fundAccess(user, ref, "note.read");
  return { people: await peopleWhoMayRead(access.resource) };
}

/**
 * The follow-up as kept, its assignee checked against those who may see the fund (400 otherwise, naming the field);
 * an assignee a change keeps as it was stays, whoever may see the record now.
 */
export async function assignedFollowUp(
  asked: NonNullable<NoteBody["followUp"]>,
  fund: FundResource,
  before: StoreFollowUp | null = null,
): Promise<StoreFollowUp> {
  const assignee = asked.assignee.toLowerCase();
  if (before && before.assignee === assignee)
    return { assignee, assigneeName: before.assigneeName, due: asked.due, state: asked.state };
  const person = (await peopleWhoMayRead(fund)).find((candidate) => candidate.email === assignee);
  if (!person) throw new BadField("followUp.assignee", "no one who may see this record has this email");
  return { assignee, assigneeName: person.name, due: asked.due, state: asked.state };
}
