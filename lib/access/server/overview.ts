import "server-only";
import { localUsers } from "./users";
import type { AccessOverview } from "../overview";
import { describeScope } from "../scope";
import { scopeFrom } from "./access";
import { recentPeople } from "./recent-people";
import { accessRules } from "./rules";

/** Who has which access now: the users file's people, the access rules, and who single sign-on or the proxy let in. */
export async function accessOverview(): Promise<AccessOverview> {
  const users = [...localUsers().values()].map((user) => ({
    email: user.email,
    name: user.name ?? null,
    method: "local" as const,
    role: user.role,
    scope: describeScope(scopeFrom(user.scopes)),
    grantedBy: "users file",
    at: null,
  }));
  const rules =
    accessRules()?.map((rule) => ({
      group: rule.group,
      role: rule.role,
      scope: describeScope(scopeFrom(rule.scopes)),
    })) ?? null;
  return { users, rules, recent: await recentPeople() };
}
