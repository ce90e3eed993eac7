import "server-only";
import { sourceScope, scopeKey } from "../access/scope";
import type { Access } from "../access/types";
import type { SessionUser } from "../auth/session-token";
import { sourceNames } from "../customer-api/sources";
import { logLine } from "../server/log";

/**
 * Who a read is for, with the role and scope the policy decides on: a signed-in person (from requireUser), or the
 * server itself doing background work for one source (reading its funds for the directory, probing readiness).
 * Every read in lib/data takes one.
 */
export type Principal = SessionUser & Access;

export type SystemWork = "directory" | "readiness" | "warm-start" | "snapshot";

/** The server itself, named for the work it does and the one source it does it for; its reads are logged as such. */
export function systemPrincipal(work: SystemWork, source: string): Principal {
  const scope = sourceScope(source);
  return {
    email: `system:${work}/${source}`,
    sid: "",
    method: "system",
    issuedAt: 0,
    role: "viewer",
    scope,
    scopeKey: scopeKey(scope, sourceNames()),
    grantedBy: "system",
  };
}

/** A line for each upstream read the server makes on its own behalf (a person's reads are in the request log). */
export function noteRead(principal: Principal, read: string, fundId?: string): void {
  if (principal.method === "system") logLine("system_read", { principal: principal.email, read, fundId });
}
