import "server-only";
import type { SessionUser } from "../auth/session-token";
import { logLine } from "../server/log";

/**
 * Who a read is for: a signed-in person (from requireUser), or the server itself doing background work for
 * everyone (building the organization's directory, probing readiness). Every read in lib/data takes one.
 */
export type Principal = SessionUser;

export type SystemWork = "directory" | "readiness";

/** The server itself, named for the work it does; its reads are logged as such. */
export function systemPrincipal(work: SystemWork): Principal {
  return { email: `system:${work}`, sid: "", method: "system", issuedAt: 0 };
}

/** A line for each upstream read the server makes on its own behalf (a person's reads are in the request log). */
export function noteRead(principal: Principal, read: string, fundId?: string): void {
  if (principal.method === "system") logLine("system_read", { principal: principal.email, read, fundId });
}
