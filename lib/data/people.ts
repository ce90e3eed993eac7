import "server-only";
import { LRUCache } from "lru-cache";
import { accessOf } from "../access/server/access";
import { localUsers } from "../access/server/users";
import { can } from "../access/policy";
import type { Access, FundResource } from "../access/types";
import { isRevoked } from "../auth/revocation";
import type { SessionUser } from "../auth/session-token";
import { authModeOf, serverEnv } from "../server/env";
import { processWide } from "../server/process-wide";
import { type AlertPerson, knownAlertPeople, notePerson } from "../store/server/alerts";
import type { Principal } from "./principal";

// The people the dashboard knows, and what each may do now (issue 30, item 4; issue 45): local users from the users
// file as it is now; single sign-on and proxy people from the groups the dashboard last learnt of them (each sign-in,
// each re-evaluation, the proxy's requests), mapped by the rules as they are now, trusted for 30 days. Alerts decide
// who a message may go to with it, notes who a follow-up may be assigned to.

/** How long the groups last learnt of a single sign-on or proxy person are believed without seeing them again. */
export const groupsTrustedMs = 30 * 86_400_000;

/** The person as a session would carry them, for accessOf and isRevoked. */
function sessionOf(person: AlertPerson): SessionUser {
  return {
    email: person.email,
    name: person.name ?? undefined,
    sid: "",
    method: person.method as SessionUser["method"],
    issuedAt: person.seenAt.getTime(),
    groups: person.groups ?? [],
  };
}

/** A person's access now, or why nothing may be done for them. */
export async function accessNow(
  person: AlertPerson | undefined,
  now: number,
): Promise<{ access: Access } | { refused: string }> {
  if (!person) return { refused: "the person is not known" };
  const session = sessionOf(person);
  if (await isRevoked(session)) return { refused: "the person's access was revoked" };
  if (person.method === "demo" && authModeOf(serverEnv()) !== "open") return { refused: "the demo is over" };
  if ((person.method === "oidc" || person.method === "proxy") && now - person.seenAt.getTime() > groupsTrustedMs)
    return { refused: "the person has not used the dashboard for 30 days" };
  const access = accessOf(session);
  return access ? { access } : { refused: "nothing grants the person access now" };
}

/** Notes a signed-in person: how they sign in, their groups, now (what alerts and assignments know of them). */
export async function notePersonSeen(user: Principal, now = new Date()): Promise<void> {
  await notePerson({
    email: user.email.toLowerCase(),
    name: user.name ?? null,
    method: user.method,
    groups: user.method === "oidc" || user.method === "proxy" ? [...(user.groups ?? [])] : null,
    seenAt: now,
  });
}

// Each person at most every 5 minutes: team pages note who reads them, so that they may be assigned follow-ups.
const recently = () => processWide("people-seen", () => new LRUCache<string, true>({ max: 10_000, ttl: 300_000 }));

/** notePersonSeen, at most every few minutes per person (a page or a list read). */
export async function notePersonSeenNow(user: Principal): Promise<void> {
  const key = JSON.stringify([user.email.toLowerCase(), user.method, [...(user.groups ?? [])].sort()]);
  if (recently().has(key)) return;
  recently().set(key, true);
  await notePersonSeen(user);
}

/** Everyone the dashboard knows: the users file's people (as they are now), and those alerts and team work noted. */
async function knownPeople(now: Date): Promise<AlertPerson[]> {
  const people = new Map<string, AlertPerson>();
  for (const person of await knownAlertPeople()) people.set(person.email, person);
  for (const user of localUsers().values())
    people.set(user.email, { email: user.email, name: user.name ?? null, method: "local", groups: null, seenAt: now });
  return [...people.values()];
}

/** The people who may read a fund now (to whom a follow-up about it may be assigned), by name then email. */
export async function peopleWhoMayRead(fund: FundResource): Promise<{ email: string; name: string | null }[]> {
  const now = new Date();
  const people = await knownPeople(now);
  const allowed = await Promise.all(
    people.map(async (person) => {
      const decided = await accessNow(person, now.getTime());
      return "access" in decided && can(decided.access, "fund.read", fund) ? person : null;
    }),
  );
  return allowed
    .filter((person) => person !== null)
    .map(({ email, name }) => ({ email, name }))
    .sort((a, b) => (a.name ?? a.email).localeCompare(b.name ?? b.email) || a.email.localeCompare(b.email));
}
