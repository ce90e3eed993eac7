import "server-only";
import { LRUCache } from "lru-cache";
import { serverEnv } from "../server/env";
import { logLine } from "../server/log";
import { processWide } from "../server/process-wide";
import { watchedFile } from "../server/watched-file";
import { sharedStore } from "../server/shared-store";
import { storeUserRevocation } from "./revocation-store.mjs";
import { readRevokedUsers, revokeUser } from "./revoked-users-file.mjs";
import { type RevocableSession, sharedRevocations } from "./shared-revocations";

const everyone = "*";

// A revocations file that does not read ends every session until it is fixed, rather than none.
function readOrEveryone(path: string): Map<string, number> {
  try {
    return readRevokedUsers(path);
  } catch (error) {
    logLine("revoked_users_file_unreadable", { reason: (error as Error).message.slice(0, 200) });
    return new Map([[everyone, Number.MAX_SAFE_INTEGER]]);
  }
}

/**
 * Revocation in one place that pages, route handlers and proxy.ts all read: signed-out sessions and people whose
 * every session was ended (`npm run revoke`, a file). With REDIS_URL both are shared by every instance and kept
 * across restarts; without it, sign-outs are held in this process (a restart forgets them, the README says so).
 */
function state() {
  const env = serverEnv();
  return processWide(`revocation:${env.DASHBOARD_REVOKED_USERS_FILE}`, () => ({
    // Each entry lives as long as its session could have; the cap bounds memory under a flood of sign-outs.
    sessions: new LRUCache<string, true>({ max: 200_000, ttl: env.DASHBOARD_SESSION_HOURS * 3_600_000 }),
    users: watchedFile(env.DASHBOARD_REVOKED_USERS_FILE, readOrEveryone),
  }));
}

/** Refuses a session from now on (sign-out); with Redis unreachable, this instance at once and the others later. */
export async function revokeSession(session: { sid: string; issuedAt: number }): Promise<void> {
  state().sessions.set(session.sid, true);
  const until = session.issuedAt + serverEnv().DASHBOARD_SESSION_HOURS * 3_600_000;
  await sharedRevocations()?.revokeSession(session.sid, until);
}

/** Whether a session was signed out, or its person revoked after it was opened. */
export async function isRevoked(session: RevocableSession): Promise<boolean> {
  const { sessions, users: revokedUsers } = state();
  if (sessions.has(session.sid)) return true;
  const users = revokedUsers();
  const revokedAt = users.get(everyone) ?? users.get(session.email.toLowerCase());
  if (revokedAt !== undefined && session.issuedAt <= revokedAt) return true;
  return (await sharedRevocations()?.isRevoked(session)) ?? false;
}

/**
 * Ends every session of a person opened before now, as `npm run revoke` does: in the revocations file (this host's
 * instances, across restarts) and, with REDIS_URL, in Redis (every instance). False when Redis could not be told.
 */
export async function revokePerson(email: string, now = Date.now()): Promise<boolean> {
  revokeUser(serverEnv().DASHBOARD_REVOKED_USERS_FILE, email, now);
  const store = sharedStore();
  if (!store) return true;
  try {
    await storeUserRevocation(store.client, store.prefix, email, now);
    return true;
  } catch (error) {
    logLine("revocation_not_shared", { reason: (error as Error).message.slice(0, 200) });
    return false;
  }
}
