import "server-only";
import { auditQuietly } from "../../server/audit-record";
import type { AuditEntry } from "../../audit/types";

type AccessAudit = Pick<AuditEntry, "actor" | "method" | "action" | "outcome" | "detail"> &
  Partial<Pick<AuditEntry, "clientAddress">>;

/** A row about who gets in (a sign-in, a revocation, a rules change): about no fund; written when it can be. */
export function auditAccess(entry: AccessAudit): void {
  auditQuietly({
    source: null,
    organization: null,
    fundId: null,
    investorId: null,
    requestId: null,
    clientAddress: null,
    ...entry,
  });
}
