import "server-only";
import type { SessionUser } from "../../auth/session-token";
import { localUsers } from "../../auth/users";
import { everything, parseScope, scopeKey } from "../scope";
import type { Access, Role, Scope } from "../types";

// A signed-in person's role and scope, worked out on every request from what grants them now (the users file, the
// access rules), so an edited file or a removed group takes effect without a new sign-in.

export function grant(role: Role, scope: Scope, grantedBy: string): Access {
  return { role, scope, scopeKey: scopeKey(scope), grantedBy };
}

/** The demo runs open, as an admin of everything (its badge says so). */
export const demoAccess = grant("admin", everything, "demo");

/** The role and scope of a session's person now; null when nothing grants them any (they are not let in). */
export function accessOf(user: SessionUser): Access | null {
  switch (user.method) {
    case "demo":
      return demoAccess;
    case "local": {
      const found = localUsers().get(user.email.toLowerCase());
      return found ? grant(found.role, parseScope(found.scopes, ["default"]), "users file") : null;
    }
    case "oidc":
    case "proxy":
      // Without ACCESS_RULES_FILE: viewers of everything, as deployments before roles, with less power.
      return grant("viewer", everything, "no ACCESS_RULES_FILE: viewer of everything");
    case "system":
      // The server's own principals are made by systemPrincipal, never from a session.
      return null;
  }
}
