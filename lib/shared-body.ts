import "server-only";

const inFlight = new Map<string, Promise<Uint8Array>>();
const encoder = new TextEncoder();

/**
 * The JSON bytes of a value that many requests ask for at once (a 10,000-investor list under load): produced,
 * serialized and encoded once per burst and the same bytes written to every response; nothing is kept after.
 * (Next compresses each response itself and strips a handler's own Content-Encoding, so gzip is not shared.)
 */
export function sharedJsonBody(key: string, produce: () => Promise<unknown>): Promise<Uint8Array> {
  let pending = inFlight.get(key);
  if (!pending) {
    pending = produce()
      .then((value) => encoder.encode(JSON.stringify(value)))
      .finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  return pending;
}

export function jsonBytesResponse(bytes: Uint8Array): Response {
  return new Response(bytes as BodyInit, {
    headers: { "Content-Type": "application/json", "Cache-Control": "private, no-store" },
  });
}
