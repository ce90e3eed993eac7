import "server-only";
import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import { z } from "zod";
import type { Identity as SessionUser } from "../types";
import { logLine } from "../../server/log";
import { processWide } from "../../server/process-wide";
import { type SharedStore, sharedStore } from "../../server/shared-store";
import { describeScope } from "../scope";
import { roles } from "../types";
import { accessOf } from "./access";

// The people single sign-on or the proxy let in lately, with what they were granted, for /access: the last 500
// in this process, or with REDIS_URL in Redis for every instance (kept 31 days).

const personSchema = z.object({
  email: z.string(),
  name: z.string().nullable(),
  method: z.enum(["oidc", "proxy"]),
  /** Null: no rule grants them anything (they were refused). */
  role: z.enum(roles).nullable(),
  scope: z.string(),
  grantedBy: z.string(),
  at: z.number(),
});

export type RecentPerson = z.infer<typeof personSchema>;

const keep = 500;
const keepMs = 31 * 24 * 3_600_000;
// The same person with the same access is noted again only after this: a proxy names them on every request.
const quietMs = 5 * 60_000;
const indexKey = "recent-people";
// Keys name no person: the email is a digest in the key, and only in the value.
const personKey = (email: string) => `recent-person:${createHash("sha256").update(email).digest("base64url")}`;

function state() {
  return processWide("recent-people", () => ({
    people: new LRUCache<string, RecentPerson>({ max: keep }),
    noted: new LRUCache<string, true>({ max: 10_000, ttl: quietMs }),
  }));
}

async function writeShared(store: SharedStore, person: RecentPerson): Promise<void> {
  const key = personKey(person.email);
  await store.client
    .multi()
    .set(key, JSON.stringify(person), "PX", keepMs)
    .zadd(indexKey, person.at, key)
    .zremrangebyrank(indexKey, 0, -(keep + 1))
    .pexpire(indexKey, keepMs)
    .exec();
}

/** Notes who was let in (or refused) and with what; the same note within a few minutes is skipped. */
export function notePerson(person: RecentPerson): void {
  const { people, noted } = state();
  const email = person.email.toLowerCase();
  const same = JSON.stringify([email, person.role, person.scope, person.grantedBy]);
  if (noted.has(same)) return;
  noted.set(same, true);
  people.set(email, person);
  const store = sharedStore();
  if (store)
    void writeShared(store, person).catch((error: Error) =>
      logLine("recent_people_unwritten", { reason: error.message.slice(0, 200) }),
    );
}

type AccessListener = (user: SessionUser, groups: readonly string[]) => void;
const accessListeners = () => processWide("access-noted-listeners", () => new Map<string, AccessListener>());

/** Calls `listener` with each single sign-on or proxy person's groups as they are noted (alerts keep the last). */
export function onAccessNoted(name: string, listener: AccessListener): void {
  accessListeners().set(name, listener);
}

/** Notes the access a single sign-on or proxy person has with these groups. */
export function noteAccess(user: SessionUser, groups: readonly string[] = user.groups ?? []): void {
  if (user.method !== "oidc" && user.method !== "proxy") return;
  for (const listener of accessListeners().values()) listener(user, groups);
  const access = accessOf({ ...user, groups });
  notePerson({
    email: user.email,
    name: user.name ?? null,
    method: user.method,
    role: access?.role ?? null,
    scope: access ? describeScope(access.scope) : "nothing",
    grantedBy: access?.grantedBy ?? "no rule matches their groups",
    at: Date.now(),
  });
}

/** The people noted lately, the latest first: every instance's with REDIS_URL (this one's while Redis is away). */
export async function recentPeople(limit = 200): Promise<RecentPerson[]> {
  const store = sharedStore();
  const local = () => [...state().people.values()].slice(0, limit);
  if (!store) return local();
  try {
    const keys = await store.client.zrevrange(indexKey, 0, limit - 1);
    const values = keys.length === 0 ? [] : await store.client.mget(...keys);
    return values.flatMap((text) => {
      const parsed = text === null ? null : personSchema.safeParse(JSON.parse(text));
      return parsed?.success ? [parsed.data] : [];
    });
  } catch (error) {
    logLine("recent_people_unread", { reason: (error as Error).message.slice(0, 200) });
    return local();
  }
}
