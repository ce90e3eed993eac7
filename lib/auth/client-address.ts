import "server-only";
import { clientAddressHeader } from "../http/security-headers.mjs";

/**
 * The client's address as the production server worked it out from the socket and DASHBOARD_TRUSTED_PROXIES
 * (scripts/server.mjs replaces whatever a client sent in this header); never the client's own X-Forwarded-For.
 */
export function clientAddress(request: Request): string {
  return request.headers.get(clientAddressHeader) || "unknown";
}
