import "server-only";
import { describeScope } from "../access/scope";
import type { Access } from "../access/types";
import { auditAccess } from "../access/server/audit-row";
import type { SignInMethod } from "./session-token";

/** A sign-in's audit row: let in (detail: what granted the access) or refused (detail: why); never a password. */
export function auditSignIn(
  actor: string,
  method: SignInMethod,
  allowed: boolean,
  detail: string,
  clientAddress: string | null,
): void {
  const [action, outcome] = allowed ? (["sign_in", "allowed"] as const) : (["sign_in_refused", "refused"] as const);
  auditAccess({ actor, method, action, outcome, clientAddress, detail });
}

/** What granted a person's access, for the audit row: "rule fund-ops-northwind: ops of Northwind Partners". */
export function grantDetail(access: Access): string {
  return `${access.grantedBy}: ${access.role} of ${describeScope(access.scope)}`;
}
