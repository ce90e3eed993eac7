import "server-only";
import { can, hasRole } from "../access/policy";
import { describeScope } from "../access/scope";
import { authMode, currentUser, signInRequired } from "../auth/session";
import { isDemoMode } from "./funds";

/** What the site header shows: the demo badge, who is signed in with which role, and whether they may browse. */
export async function headerFacts() {
  const user = await currentUser();
  const named = user !== null && authMode() !== "open";
  return {
    demo: isDemoMode(),
    userName: named ? (user.name ?? user.email) : null,
    access: named ? `${user.role} · ${describeScope(user.scope)}` : null,
    accessPage: named && can(user, "access.read", null),
    signOut: named && signInRequired(),
    // Every admin reads the audit trail's rows of their own scope.
    auditPage: user !== null && hasRole(user, "admin"),
    canBrowse: user !== null,
  };
}
