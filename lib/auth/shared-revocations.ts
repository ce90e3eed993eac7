import "server-only";
import { LRUCache } from "lru-cache";
import { logLine } from "../server/log";
import { processWide } from "../server/process-wide";
import { type SharedStore, sharedStore } from "../server/shared-store";
import { revocationChannel, revocationKeepMs, revocationKeys, storeSessionRevocation } from "./revocation-store.mjs";

export interface RevocableSession {
  sid: string;
  email: string;
  issuedAt: number;
}

/** Sign-outs and revoked people in Redis, seen by every instance; with what this one knows when Redis is away. */
export interface SharedRevocations {
  revokeSession(sid: string, until: number): Promise<void>;
  isRevoked(session: RevocableSession): Promise<boolean>;
}

const pairs = (flat: string[]): [string, number][] =>
  Array.from({ length: flat.length / 2 }, (_, i) => [flat[2 * i]!, Number(flat[2 * i + 1])]);

export function createSharedRevocations(store: SharedStore): SharedRevocations {
  const { client, prefix } = store;
  // What this instance knows: every revocation it has been told of, for checks while Redis is unreachable.
  const known = {
    sessions: new LRUCache<string, true>({ max: 200_000 }),
    users: new LRUCache<string, number>({ max: 100_000 }),
    // Sign-outs made while Redis was unreachable, written when it returns.
    unwritten: new LRUCache<string, number>({ max: 200_000 }),
  };
  const learnSession = (sid: string, until: number) => {
    if (until > Date.now()) known.sessions.set(sid, true, { ttl: until - Date.now() });
  };
  const learnUser = (email: string, at: number) => known.users.set(email, Math.max(at, known.users.get(email) ?? 0));

  async function catchUp() {
    for (const [sid, until] of known.unwritten.entries()) {
      await storeSessionRevocation(client, prefix, sid, until);
      known.unwritten.delete(sid);
    }
    const now = Date.now();
    const [sessions, users] = await Promise.all([
      client.zrangebyscore(revocationKeys.sessions, now, "+inf", "WITHSCORES"),
      client.zrangebyscore(revocationKeys.users, now - revocationKeepMs, "+inf", "WITHSCORES"),
    ]);
    for (const [sid, until] of pairs(sessions)) learnSession(sid, until);
    for (const [email, at] of pairs(users)) learnUser(email, at);
    logLine("revocations_synced", { sessions: sessions.length / 2, users: users.length / 2 });
  }
  // On every (re)connection: write the sign-outs Redis missed, then learn what the other instances did meanwhile.
  store.onReady(
    () =>
      void catchUp().catch((error: Error) =>
        logLine("revocations_sync_failed", { reason: error.message.slice(0, 200) }),
      ),
  );
  const subscriber = store.subscriber();
  subscriber.on("message", (_channel: string, text: string) => {
    try {
      const message = JSON.parse(text) as { sid?: string; until?: number; email?: string; at?: number };
      if (typeof message.sid === "string" && typeof message.until === "number")
        learnSession(message.sid, message.until);
      if (typeof message.email === "string" && typeof message.at === "number") learnUser(message.email, message.at);
    } catch {
      // Not one of ours: ignored.
    }
  });
  void subscriber.subscribe(revocationChannel(prefix)).catch(() => undefined);

  return {
    async revokeSession(sid, until) {
      learnSession(sid, until);
      try {
        await storeSessionRevocation(client, prefix, sid, until);
      } catch (error) {
        known.unwritten.set(sid, until);
        logLine("sign_out_not_shared_yet", { reason: (error as Error).message.slice(0, 200) });
      }
    },
    async isRevoked({ sid, email, issuedAt }) {
      const user = email.toLowerCase();
      const knownAt = known.users.get(user);
      if (known.sessions.has(sid) || (knownAt !== undefined && issuedAt <= knownAt)) return true;
      let answers: [string | null, string | null];
      try {
        answers = await Promise.all([
          client.zscore(revocationKeys.sessions, sid),
          client.zscore(revocationKeys.users, user),
        ]);
      } catch {
        // Redis is away: what this instance knows said no (the README states this window).
        return false;
      }
      const [until, at] = answers.map((answer) => (answer === null ? null : Number(answer)));
      if (until != null) learnSession(sid, until);
      if (at != null) learnUser(user, at);
      return (until != null && until > Date.now()) || (at != null && issuedAt <= at);
    },
  };
}

/** Every instance's revocations when REDIS_URL is set; null for a single instance. */
export function sharedRevocations(): SharedRevocations | null {
  const store = sharedStore();
  return store ? processWide("shared-revocations", () => createSharedRevocations(store)) : null;
}
