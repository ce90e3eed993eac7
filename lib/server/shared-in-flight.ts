import "server-only";

/** Who a read is shared among: people of one role and one scope (lib/data's principal has both). */
type Sharer = { role: string; scopeKey: string };

const inFlight = new Map<string, Promise<unknown>>();
const encoder = new TextEncoder();

/** One production per key at a time: callers that ask while it runs share its result; nothing is kept after. */
export function sharedInFlight<T>(key: string, produce: () => Promise<T>): Promise<T> {
  let pending = inFlight.get(key) as Promise<T> | undefined;
  if (!pending) {
    pending = produce().finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  return pending;
}

/**
 * The JSON bytes of a value that many requests ask for at once (a 10,000-investor list under load): produced,
 * serialized and encoded once per burst and the same bytes written to every response; nothing is kept after.
 * Shared only by people of one role and one scope: the policy decided the read for the first of them, and what one
 * scope is shown is never another's (a person out of scope who asked at the same moment got the list, not a 404).
 * (Next compresses each response itself and strips a handler's own Content-Encoding, so gzip is not shared.)
 */
export function sharedJsonBody(principal: Sharer, key: string, produce: () => Promise<unknown>): Promise<Uint8Array> {
  return sharedInScope(principal, `json:${key}`, () =>
    produce().then((value) => encoder.encode(JSON.stringify(value))),
  );
}

/** sharedInFlight among people of one role and one scope only: a read the policy decided for the first of them. */
export function sharedInScope<T>(principal: Sharer, key: string, produce: () => Promise<T>): Promise<T> {
  return sharedInFlight(`${principal.role}\n${principal.scopeKey}\n${key}`, produce);
}
