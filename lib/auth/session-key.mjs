// The session cookie's key from DASHBOARD_SESSION_SECRET, shared by the session code and scripts/server.mjs (which
// tells people apart before Next runs). The secret does not change while the server runs: worked out once.

/** @type {Map<string, Promise<Uint8Array>>} */
const keys = new Map();

/** The A256GCM key of the session cookie: the SHA-256 of the secret. */
export function sessionKeyFrom(secret) {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.digest("SHA-256", new TextEncoder().encode(secret)).then((digest) => new Uint8Array(digest));
    keys.set(secret, key);
  }
  return key;
}
