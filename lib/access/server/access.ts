import "server-only";
import type { Identity as SessionUser } from "../types";
import { localUsers } from "./users";
import { sourceNames } from "../../customer-api/sources";
import { everything, parseScope, scopeKey } from "../scope";
import type { Access, Role, Scope } from "../types";
import { accessRules, matchRules } from "./rules";

// A signed-in person's role and scope, worked out on every request from what grants them now (the users file, the
// access rules), so an edited file or a removed group takes effect without a new sign-in.

export function grant(role: Role, scope: Scope, grantedBy: string): Access {
  // Everything needs no sources to name it: the demo's grant is made at import, before any configuration is read.
  return { role, scope, scopeKey: scope.all ? "*" : scopeKey(scope, sourceNames()), grantedBy };
}

/** The demo runs open, as an admin of everything (its badge says so). */
export const demoAccess = grant("admin", everything, "demo");

/** A scope as the users file or a rule writes it: the one place written scopes are parsed ("source/…" names a source). */
export function scopeFrom(written: readonly string[]): Scope {
  return parseScope(written, sourceNames());
}

/** The role and scope of a session's person now; null when nothing grants them any (they are not let in). */
export function accessOf(user: SessionUser): Access | null {
  switch (user.method) {
    case "demo":
      return demoAccess;
    case "local": {
      const found = localUsers().get(user.email.toLowerCase());
      return found ? grant(found.role, scopeFrom(found.scopes), "users file") : null;
    }
    case "oidc":
    case "proxy": {
      const rules = accessRules();
      // Without ACCESS_RULES_FILE: viewers of everything, as deployments before roles, with less power.
      if (rules === null) return grant("viewer", everything, "no ACCESS_RULES_FILE: viewer of everything");
      const match = matchRules(user.groups ?? [], rules);
      return match ? grant(match.role, scopeFrom(match.scopes), match.grantedBy) : null;
    }
    case "system":
      // The server's own principals are made by systemPrincipal, never from a session.
      return null;
  }
}
