import "server-only";
import { createHash } from "node:crypto";

// The audit trail's hash chain: each row's hash is sha256(the hash before it + the row's fields as canonical JSON),
// so editing, removing or reordering a row breaks every link after it (`npm run audit -- verify`).

/** What a caller writes; every other column (id, at, the hashes) the store sets. */
import { countOf } from "../../values/count";

export interface AuditEventFields {
  actor: string;
  method: string;
  action: string;
  outcome: string;
  source: string | null;
  organization: string | null;
  fundId: string | null;
  investorId: string | null;
  requestId: string | null;
  clientAddress: string | null;
  detail: string | null;
}

/** One row as kept. */
export interface AuditEvent extends AuditEventFields {
  id: number;
  at: Date;
  prevHash: string;
  hash: string;
}

/** The hash before the first row ever written. */
export const genesisHash = "0".repeat(64);

/** The row's fields under their column names, keys sorted, the time as an ISO string: what its hash covers. */
export function canonicalRow(row: Omit<AuditEvent, "prevHash" | "hash">): string {
  const columns: Record<string, string | number | null> = {
    action: row.action,
    actor: row.actor,
    at: row.at.toISOString(),
    client_address: row.clientAddress,
    detail: row.detail,
    fund_id: row.fundId,
    id: row.id,
    investor_id: row.investorId,
    method: row.method,
    organization: row.organization,
    outcome: row.outcome,
    request_id: row.requestId,
    source: row.source,
  };
  return JSON.stringify(columns, Object.keys(columns).sort());
}

export function chainHash(prevHash: string, row: Omit<AuditEvent, "prevHash" | "hash">): string {
  return createHash("sha256").update(prevHash).update(canonicalRow(row)).digest("hex");
}

const anchorPattern = /the chain now starts after ([0-9a-f]{64})/;

/** A retention row's detail: how many rows went, before when, and the hash the first remaining row links to. */
export function retentionDetail(removed: number, before: Date, anchor: string | null): string {
  const text = `removed ${countOf(removed, "row")} before ${before.toISOString()}`;
  return anchor === null ? text : `${text}; the chain now starts after ${anchor}`;
}

/** The anchor a retention row names, if it removed rows. */
export function anchorOf(detail: string | null): string | null {
  return detail?.match(anchorPattern)?.[1] ?? null;
}
