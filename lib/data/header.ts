import "server-only";
import { can } from "../access/policy";
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
    canBrowse: user !== null,
  };
}
