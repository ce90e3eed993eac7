import "server-only";
import { type StoreConnection, defaultConnection } from "./connection";

// Sealed single sign-on grants (lib/auth/oidc-grants.ts), kept so a restart without Redis signs nobody out.

/** The sealed grant of a session, while it lasts; null when none is kept. */
export function loadGrant(sid: string, store: StoreConnection = defaultConnection()): Promise<string | null> {
  return store.use(async (_db, pool) => {
    const found = await pool.query<{ sealed: string }>(
      "select sealed from oidc_grants where sid = $1 and until > now()",
      [sid],
    );
    return found.rows[0]?.sealed ?? null;
  });
}

/** Keeps a session's sealed grant until `until` (a later save replaces it); ended ones are cleared on the way. */
export function saveGrant(sid: string, sealed: string, until: Date, store: StoreConnection = defaultConnection()) {
  return store.use(async (_db, pool) => {
    await pool.query(
      `insert into oidc_grants (sid, sealed, until) values ($1, $2, $3)
       on conflict (sid) do update set sealed = excluded.sealed, until = excluded.until`,
      [sid, sealed, until.toISOString()],
    );
    await pool.query("delete from oidc_grants where until < now()");
  });
}

export function removeGrant(sid: string, store: StoreConnection = defaultConnection()): Promise<void> {
  return store.use(async (_db, pool) => {
    await pool.query("delete from oidc_grants where sid = $1", [sid]);
  });
}
