import "server-only";
import { EncryptJWT, jwtDecrypt } from "jose";
import { LRUCache } from "lru-cache";
import { z } from "zod";
import { serverEnv } from "../server/env";
import { processWide } from "../server/process-wide";
import { type SharedStore, sharedStore } from "../server/shared-store";
import { loadGrant, removeGrant, saveGrant } from "../store/server";

// What a single sign-on session needs to ask the provider again: the person's groups as last answered, when, and
// the tokens to ask with. Held in the process and kept sealed: with REDIS_URL in Redis, so every instance agrees,
// else in the store, so a restart signs nobody out.

const grantSchema = z.object({
  sub: z.string(),
  groups: z.array(z.string()),
  /** When the provider last answered for this session (ms). */
  checkedAt: z.number(),
  /** When the session ends anyway (ms): the grant is kept no longer. */
  until: z.number(),
  accessToken: z.string().optional(),
  accessExpiresAt: z.number().optional(),
  refreshToken: z.string().optional(),
});

export type OidcGrant = z.infer<typeof grantSchema>;

export interface GrantStore {
  /** This process's copy, without asking Redis. */
  known(sid: string): OidcGrant | undefined;
  /** The grant as every instance sees it (Redis, when shared); throws while Redis is unreachable. */
  load(sid: string): Promise<OidcGrant | null>;
  save(sid: string, grant: OidcGrant): Promise<void>;
  remove(sid: string): Promise<void>;
  /** The right to ask the provider for this session (one instance at a time: a rotated refresh token works once). */
  lock(sid: string): Promise<(() => Promise<void>) | null>;
}

const grantKey = (sid: string) => `oidc-grant:${sid}`;
const lockKey = (sid: string) => `oidc-grant-lock:${sid}`;
const lockMs = 15_000;

async function grantKeyFrom(secret: string): Promise<Uint8Array> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`oidc-grant:${secret}`));
  return new Uint8Array(digest);
}

/** Sealed (A256GCM, a key of its own from the session secret): Redis never holds a token in the clear. */
export async function sealGrant(grant: OidcGrant, secret: string): Promise<string> {
  return new EncryptJWT({ grant })
    .setProtectedHeader({ alg: "dir", enc: "A256GCM" })
    .setExpirationTime(Math.ceil(grant.until / 1_000))
    .encrypt(await grantKeyFrom(secret));
}

export async function openGrant(sealed: string, secret: string): Promise<OidcGrant | null> {
  try {
    const { payload } = await jwtDecrypt(sealed, await grantKeyFrom(secret), { keyManagementAlgorithms: ["dir"] });
    const parsed = grantSchema.safeParse(payload.grant);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Where sealed grants outlive the process: Redis when shared, else the store (PGlite or PostgreSQL). */
export interface SealedGrants {
  get(sid: string): Promise<string | null>;
  set(sid: string, sealed: string, ttlMs: number): Promise<void>;
  del(sid: string): Promise<void>;
}

function redisGrants(shared: SharedStore): SealedGrants {
  return {
    get: (sid) => shared.client.get(grantKey(sid)),
    set: async (sid, sealed, ttlMs) => void (await shared.client.set(grantKey(sid), sealed, "PX", ttlMs)),
    del: async (sid) => void (await shared.client.del(grantKey(sid))),
  };
}

// The store is a memory, not a dependency: while it is down, grants are held in the process only.
const storeGrants: SealedGrants = {
  get: (sid) => loadGrant(sid).catch(() => null),
  set: (sid, sealed, ttlMs) => saveGrant(sid, sealed, new Date(Date.now() + ttlMs)).catch(() => undefined),
  del: (sid) => removeGrant(sid).catch(() => undefined),
};

export function createGrantStore(shared: SharedStore | null, secret: string, kept?: SealedGrants): GrantStore {
  const sealedGrants = shared ? redisGrants(shared) : (kept ?? null);
  const local = new LRUCache<string, OidcGrant>({ max: 100_000 });
  const keep = (sid: string, grant: OidcGrant) => {
    const ttl = grant.until - Date.now();
    if (ttl > 0) local.set(sid, grant, { ttl });
    else local.delete(sid);
  };
  return {
    known: (sid) => local.get(sid),
    async load(sid) {
      // Without Redis this process's copy is the newest; the store's is for a process started since.
      if (!shared && local.has(sid)) return local.get(sid)!;
      const sealed = (await sealedGrants?.get(sid)) ?? null;
      const grant = sealed === null ? null : await openGrant(sealed, secret);
      if (grant) keep(sid, grant);
      return grant;
    },
    async save(sid, grant) {
      keep(sid, grant);
      const ttl = grant.until - Date.now();
      if (sealedGrants && ttl > 0) await sealedGrants.set(sid, await sealGrant(grant, secret), ttl);
    },
    async remove(sid) {
      local.delete(sid);
      await sealedGrants?.del(sid);
    },
    async lock(sid) {
      if (!shared) return async () => undefined;
      const token = crypto.randomUUID();
      const taken = await shared.client.set(lockKey(sid), token, "PX", lockMs, "NX");
      if (taken !== "OK") return null;
      return async () => {
        // Only our own lock: one that outlived lockMs may be another instance's by now.
        if ((await shared.client.get(lockKey(sid))) === token) await shared.client.del(lockKey(sid));
      };
    },
  };
}

/** The process's grants: shared through Redis with REDIS_URL, else kept in the store. */
export function oidcGrants(): GrantStore {
  return processWide("oidc-grants", () =>
    createGrantStore(sharedStore(), serverEnv().DASHBOARD_SESSION_SECRET ?? "", storeGrants),
  );
}
