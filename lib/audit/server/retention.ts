import "server-only";
import { serverEnv } from "../../server/env";
import { pruneAuditEvents } from "../../store/server";

const dayMs = 86_400_000;

/**
 * Removes the audit rows older than AUDIT_RETENTION_DAYS (through audit_prune, the only delete the table allows) and
 * records that it did: a `retention` row with the count, the cut and where the chain now starts. Rows removed.
 */
export async function pruneAudit(now = Date.now()): Promise<number> {
  const before = new Date(now - serverEnv().AUDIT_RETENTION_DAYS * dayMs);
  const { removed } = await pruneAuditEvents(before, { actor: "system:retention", method: "system" });
  return removed;
}
