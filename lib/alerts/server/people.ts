import "server-only";
import { LRUCache } from "lru-cache";
import { accessOf } from "../../access/server/access";
import { onAccessNoted } from "../../access/server/recent-people";
import type { Access } from "../../access/types";
import { isRevoked } from "../../auth/revocation";
import type { SessionUser } from "../../auth/session-token";
import type { Principal } from "../../data/principal";
import { authModeOf, serverEnv } from "../../server/env";
import { logLine } from "../../server/log";
import { processWide } from "../../server/process-wide";
import { type AlertPerson, notePerson, refreshPerson } from "../../store/server/alerts";

// Who an alert may go to, decided when it is sent (issue 30, item 4): the person's role and scope as they would be
// granted now. Local users from the users file as it is now; single sign-on and proxy people from the groups the
// dashboard last learnt of them (each sign-in, each re-evaluation, the proxy's requests), mapped by the rules as
// they are now, trusted for 30 days (after that nothing is sent until they use the dashboard again). A person
// revoked since they were last seen gets nothing until they sign in again and open /alerts.

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

/** A person's access now, or why nothing may be sent to them. */
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

/** Notes a signed-in person who uses alerts: how they sign in, their groups, now. */
export async function noteAlertPerson(user: Principal, now = new Date()): Promise<void> {
  await notePerson({
    email: user.email.toLowerCase(),
    name: user.name ?? null,
    method: user.method,
    groups: user.method === "oidc" || user.method === "proxy" ? [...(user.groups ?? [])] : null,
    seenAt: now,
  });
}

// The groups single sign-on and the proxy name, kept for people alerts know; at most every 5 minutes per person.
const quiet = () => processWide("alerts-people-noted", () => new LRUCache<string, true>({ max: 10_000, ttl: 300_000 }));

/** Keeps what the dashboard learns of single sign-on and proxy people's groups (idempotent). */
export function registerAlertPeople(): void {
  onAccessNoted("alerts", (user, groups) => {
    const email = user.email.toLowerCase();
    const key = JSON.stringify([email, [...groups].sort()]);
    if (quiet().has(key)) return;
    quiet().set(key, true);
    const person = { email, name: user.name ?? null, method: user.method, groups: [...groups], seenAt: new Date() };
    void refreshPerson(person).catch((error: Error) =>
      logLine("alerts_person_unnoted", { reason: error.message.slice(0, 200) }),
    );
  });
}
