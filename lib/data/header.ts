import "server-only";
import { currentUser, signInRequired } from "../auth/session";
import { isDemoMode } from "./funds";

/** What the site header shows: the demo badge, and who is signed in (read at request time, not build time). */
export async function headerFacts(): Promise<{ demo: boolean; userName: string | null }> {
  const user = signInRequired() ? await currentUser() : null;
  return { demo: isDemoMode(), userName: user ? (user.name ?? user.email) : null };
}
