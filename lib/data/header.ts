import "server-only";
import { currentUser, signInRequired } from "../auth/session";
import { isDemoMode } from "./funds";

/** What the site header shows: the demo badge, who is signed in, and whether the person may browse (for search). */
export async function headerFacts(): Promise<{ demo: boolean; userName: string | null; canBrowse: boolean }> {
  const user = await currentUser();
  return {
    demo: isDemoMode(),
    userName: signInRequired() && user ? (user.name ?? user.email) : null,
    canBrowse: user !== null,
  };
}
