import "server-only";
import { LRUCache } from "lru-cache";
import { onAccessNoted } from "../../access/server/recent-people";
import { notePersonSeen } from "../../data/people";
import { logLine } from "../../server/log";
import { processWide } from "../../server/process-wide";
import { refreshPerson } from "../../store/server/alerts";

// Who an alert may go to, decided when it is sent (issue 30, item 4): the person's role and scope as they would be
// granted now. Local users from the users file as it is now; single sign-on and proxy people from the groups the
// dashboard last learnt of them (each sign-in, each re-evaluation, the proxy's requests), mapped by the rules as
// they are now, trusted for 30 days (after that nothing is sent until they use the dashboard again). A person
// revoked since they were last seen gets nothing until they sign in again and open /alerts.

export { accessNow, groupsTrustedMs } from "../../data/people";

/** Notes a signed-in person who uses alerts: how they sign in, their groups, now. */
export const noteAlertPerson = notePersonSeen;

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
