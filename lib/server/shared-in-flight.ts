import "server-only";

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
 * (Next compresses each response itself and strips a handler's own Content-Encoding, so gzip is not shared.)
 */
export function sharedJsonBody(key: string, produce: () => Promise<unknown>): Promise<Uint8Array> {
  return sharedInFlight(`json:${key}`, () => produce().then((value) => encoder.encode(JSON.stringify(value))));
}
