import "server-only";
import { z } from "zod";
import { clientAddressHeader, requestIdHeader } from "./security-headers.mjs";

/** What an audit row and a log line say of the request: its id and the client's address, as the server set them. */
export interface RequestFacts {
  requestId: string | null;
  clientAddress: string | null;
}

// scripts/server.mjs replaces both headers on every request; without it (next dev) a client's odd value is dropped.
const requestId = z.uuid();
const address = z.string().min(1).max(100);

export function requestFacts(from: Request | Headers): RequestFacts {
  // Next's own headers() object carries a `headers` field of its own: told apart by what a Headers has.
  const headers = typeof (from as Headers).get === "function" ? (from as Headers) : (from as Request).headers;
  const id = requestId.safeParse(headers.get(requestIdHeader));
  const client = address.safeParse(headers.get(clientAddressHeader));
  return { requestId: id.success ? id.data : null, clientAddress: client.success ? client.data : null };
}
