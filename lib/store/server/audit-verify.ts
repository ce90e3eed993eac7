import "server-only";
import { anchorOf, chainHash, genesisHash } from "./audit-chain";
import { type AuditRecord, auditEventOf, auditSelect } from "./audit";
import { type StoreConnection, defaultConnection } from "./connection";

/** The first row whose hash or link does not hold, and why. */
export interface ChainBreak {
  id: number;
  at: Date;
  action: string;
  problem: string;
}

export type ChainCheck = { ok: true; count: number; head: string } | { ok: false; count: number; broken: ChainBreak };

/**
 * Walks the chain in id order: each row's hash must be its fields' under the hash before it, and each row must link
 * to the row before. The first row links to nothing (the genesis) or, after retention, to an anchor a retention
 * row names (that row is checked in the walk like any other).
 */
export async function verifyAuditChain(
  store: StoreConnection = defaultConnection(),
  size = 5_000,
): Promise<ChainCheck> {
  const anchors = await store.use(async (_db, pool) => {
    const rows = await pool.query<{ detail: string | null }>(
      "select detail from audit_events where action = 'retention'",
    );
    return new Set(rows.rows.map((row) => anchorOf(row.detail)).filter((anchor) => anchor !== null));
  });
  let count = 0;
  let previous: string | null = null;
  let after = 0;
  for (;;) {
    const from = after;
    const batch = await store.use(async (_db, pool) =>
      (await pool.query<AuditRecord>(`${auditSelect} where id > $1 order by id limit ${size}`, [from])).rows.map(
        auditEventOf,
      ),
    );
    for (const event of batch) {
      const broken = (problem: string): ChainCheck => ({
        ok: false,
        count,
        broken: { id: event.id, at: event.at, action: event.action, problem },
      });
      if (previous === null && event.prevHash !== genesisHash && !anchors.has(event.prevHash))
        return broken("the rows before it were removed without a retention row naming where the chain starts");
      if (previous !== null && event.prevHash !== previous)
        return broken("it does not link to the row before it (a row was removed, added or changed)");
      if (chainHash(event.prevHash, event) !== event.hash) return broken("its hash does not match its fields");
      previous = event.hash;
      count += 1;
    }
    if (batch.length < size) return { ok: true, count, head: previous ?? genesisHash };
    after = batch.at(-1)!.id;
  }
}
