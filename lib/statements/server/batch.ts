import "server-only";
import type { FundAccess } from "../../data/fund-access";
import type { Principal } from "../../data/principal";
import { type StatementReads, statementPositions } from "../../store/server";
import type { Period } from "../periods";
import type { Statement } from "../types";
import { periodReads, statementOf, statementPeriod } from "./statement";

// A fund's statements for a period, every investor of the closing read, a batch at a time: memory holds one batch
// whatever the fund's size.

export interface FundStatements {
  reads: StatementReads;
  /** The statements in the list's order, `size` at a time; each call reads the store again. */
  batches(size?: number): AsyncGenerator<Statement[]>;
}

export async function fundStatements(
  principal: Principal,
  access: FundAccess,
  period: Period,
  now = new Date(),
): Promise<FundStatements> {
  const reads = await periodReads(access, period);
  const named = statementPeriod(period, now);
  const produced = { at: now, by: principal.email };
  async function* batches(size = 250): AsyncGenerator<Statement[]> {
    const ids = { opening: reads.opening.id, closing: reads.closing.id };
    for await (const batch of statementPositions(ids, size))
      yield batch.map((position) => statementOf({ id: access.ref, reads }, position, named, produced));
  }
  return { reads, batches };
}
