// Where revocations live in Redis, shared by the server and `npm run revoke`: two sorted sets and a channel that
// tells every instance at once. The client adds REDIS_KEY_PREFIX to keys; channels are not keys, so they take it here.

export const revocationKeys = { sessions: "revoked-sessions", users: "revoked-users" };
/** As long as the revocations file keeps a person, and longer than any session can last (30 days at most). */
export const revocationKeepMs = 31 * 24 * 3_600_000;

/** The channel every instance listens on; a message is {"sid", "until"} or {"email", "at"}. */
export const revocationChannel = (prefix) => `${prefix}revocations`;

// Each write drops what can no longer matter and pushes the key's own expiry out again.
async function store(client, key, score, member, expiredBefore) {
  await client
    .multi()
    .zadd(key, score, member)
    .zremrangebyscore(key, "-inf", `(${expiredBefore}`)
    .pexpire(key, revocationKeepMs)
    .exec();
}

/** Refuses one session until it would have expired anyway (`until`, ms), and tells every instance. */
export async function storeSessionRevocation(client, prefix, sid, until, now = Date.now()) {
  await store(client, revocationKeys.sessions, until, sid, now);
  await client.publish(revocationChannel(prefix), JSON.stringify({ sid, until }));
}

/** Ends every session of `email` opened before `at` (ms), and tells every instance. */
export async function storeUserRevocation(client, prefix, email, at = Date.now()) {
  const member = email.toLowerCase();
  await store(client, revocationKeys.users, at, member, at - revocationKeepMs);
  await client.publish(revocationChannel(prefix), JSON.stringify({ email: member, at }));
}
