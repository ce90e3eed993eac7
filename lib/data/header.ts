import "server-only";
import type { Role } from "../access/types";
import { currentUser, signInRequired } from "../auth/session";
import { isDemoMode } from "./funds";

/** What the site header shows: the demo badge, who is signed in, whether the person may browse, and their role. */
export async function headerFacts(): Promise<{
  demo: boolean;
  userName: string | null;
  canBrowse: boolean;
  role: Role | null;
}> {
  const user = await currentUser();
  return {
    demo: isDemoMode(),
    userName: signInRequired() && user ? (user.name ?? user.email) : null,
    canBrowse: user !== null,
    role: user?.role ?? null,
  };
}
