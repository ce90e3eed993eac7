import "server-only";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { ModelFund } from "../model";
import { readFailures, reads, readSightings } from "../schema";
import { type AfterKept, type KeptListFacts, recordReads } from "./batch-writes";
import { type StoreConnection, defaultConnection, type StoreTx } from "./connection";
import { bumpGeneration } from "./generation";
import { modelFailure, modelFundsList } from "./model-writes";

export type { StoreTx };

export type { AfterKept, KeptListFacts };

/** A source's funds list as read (masked), under its key: kept whole when it differs from the last kept one. */
export function recordFundsList(
  input: { listKey: string; readAt: Date; digest: string; funds: unknown[]; model?: readonly ModelFund[] },
  store: StoreConnection = defaultConnection(),
): Promise<"new" | "seen"> {
  const { listKey, readAt, digest, funds, model } = input;
  return store.use((db) =>
    db.transaction(async (tx) => {
      const sameKey = and(eq(reads.kind, "funds"), listKey === null ? isNull(reads.fundId) : eq(reads.fundId, listKey));
      const [last] = await tx
        .select({ id: reads.id, digest: reads.digest })
        .from(reads)
        .where(sameKey)
        .orderBy(desc(reads.readAt), desc(reads.id))
        .limit(1);
      let kept: "new" | "seen" = "seen";
      let readId = last?.id;
      if (last && last.digest === digest) {
        await tx
          .update(reads)
          .set({ lastSeenAt: sql`greatest(${reads.lastSeenAt}, ${readAt.toISOString()}::timestamptz)` })
          .where(eq(reads.id, last.id));
      } else {
        const [made] = await tx
          .insert(reads)
          .values({ kind: "funds", fundId: listKey, digest, readAt, lastSeenAt: readAt, record: funds })
          .returning({ id: reads.id });
        readId = made!.id;
        kept = "new";
      }
      await tx.insert(readSightings).values({ readId: readId!, seenAt: readAt });
      // The read model's funds are the list's, in its order (its names and figures may change in an equal digest's
      // absence only, but a model made after the list was first kept needs them too).
      if (model) await modelFundsList(tx, listKey, model);
      return kept;
    }),
  );
}

/** One fund's own record (masked). */
export async function recordFund(
  input: { fundId: string; readAt: Date; digest: string; fund: Record<string, unknown> },
  store: StoreConnection = defaultConnection(),
): Promise<"new" | "seen"> {
  return (await recordReads([{ kind: "fund", ...input }], store))[0]!;
}

/** A fund's investor list (masked records, with the caller's keyed hash of each tax id), with the fund's figures. */
export async function recordInvestorList(
  input: Omit<Extract<Parameters<typeof recordReads>[0][number], { kind: "investors" }>, "kind">,
  store: StoreConnection = defaultConnection(),
  afterKept?: AfterKept,
): Promise<"new" | "seen"> {
  return (await recordReads([{ kind: "investors", ...input }], store, afterKept))[0]!;
}

/** A read that failed, so a gap in the reads can be told from a quiet fund; a fund's failed list leaves the views. */
export async function recordReadFailure(
  input: { kind: "funds" | "fund" | "investors"; fundId: string | null; at: Date; status: number; message: string },
  store: StoreConnection = defaultConnection(),
): Promise<void> {
  const message = input.message.slice(0, 2_000);
  await store
    .use((db) =>
      db.transaction(async (tx) => {
        await tx.insert(readFailures).values({ ...input, message });
        // A failed list leaves the views until read again; a fund answered 404 (list or record) is gone from them.
        if (input.fundId !== null && (input.kind === "investors" || (input.kind === "fund" && input.status === 404)))
          await modelFailure(tx, input.fundId, { status: input.status, message, at: input.at });
      }),
    )
    .finally(() => bumpGeneration(input.fundId));
}
