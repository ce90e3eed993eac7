import { noStore } from "./error-response";

/** JSON already serialized (shared by many requests, or cut once per list), never cached. */
export function jsonBytesResponse(bytes: Uint8Array): Response {
  return new Response(bytes as BodyInit, { headers: { "Content-Type": "application/json", ...noStore } });
}
