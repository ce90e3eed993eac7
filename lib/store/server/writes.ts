import "server-only";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { fundFigures } from "../columns";
import { readFailures, reads, readSightings, type ReadKind } from "../schema";
import { type StoreConnection, defaultConnection, type StoreDb } from "./connection";
import { bumpGeneration } from "./generation";
import { positionsInsert, positionsPerStatement } from "./position-rows";

type Tx = Parameters<Parameters<StoreDb["transaction"]>[0]>[0];
/** A write's transaction: what runs in it commits or rolls back with the read. */
export type StoreTx = Tx;

const nothing = async () => undefined;

type KeptInvestor = { record: Record<string, unknown>; taxKey: string | null };

/** What was just kept of a fund's investor list, for work that must commit or roll back with it. */
export interface KeptListFacts {
  fundKey: string;
  /** The read kept: new content, or the last kept read seen again. */
  readId: number;
  kept: "new" | "seen";
  /** The read the new content follows (null for the fund's first, and for a sighting). */
  previousReadId: number | null;
  readAt: Date;
  digest: string;
  fund: Record<string, unknown> | null;
  investors: readonly KeptInvestor[];
}

/**
 * Work run inside the transaction that keeps investor lists (alerts' events), registered by its caller: every list of
 * the transaction at once (a batch of 200 funds costs a few statements, not a few per fund).
 */
export type AfterKept = (tx: StoreTx, facts: readonly KeptListFacts[]) => Promise<void>;

interface NewRead {
  kind: ReadKind;
  fundId: string | null;
  digest: string;
  readAt: Date;
  record: unknown;
  figures?: ReturnType<typeof fundFigures>;
  summary?: string | null;
}

/** Keeps a read: a sighting of the last kept version when its digest is the same, else a new version. */
async function keepRead(
  tx: Tx,
  read: NewRead,
  fill: (readId: number) => Promise<void>,
  after: (readId: number, previousId: number | null, kept: "new" | "seen") => Promise<void> = nothing,
): Promise<"new" | "seen"> {
  const sameFund = read.fundId === null ? isNull(reads.fundId) : eq(reads.fundId, read.fundId);
  const [last] = await tx
    .select({ id: reads.id, digest: reads.digest })
    .from(reads)
    .where(and(eq(reads.kind, read.kind), sameFund))
    .orderBy(desc(reads.readAt), desc(reads.id))
    .limit(1);
  if (last && last.digest === read.digest) {
    await tx
      .update(reads)
      .set({ lastSeenAt: sql`greatest(${reads.lastSeenAt}, ${read.readAt.toISOString()}::timestamptz)` })
      .where(eq(reads.id, last.id));
    await tx.insert(readSightings).values({ readId: last.id, seenAt: read.readAt });
    await after(last.id, null, "seen");
    return "seen";
  }
  const [kept] = await tx
    .insert(reads)
    .values({
      kind: read.kind,
      fundId: read.fundId,
      digest: read.digest,
      readAt: read.readAt,
      lastSeenAt: read.readAt,
      record: read.record,
      summary: read.summary ?? null,
      ...read.figures,
    })
    .returning({ id: reads.id });
  await tx.insert(readSightings).values({ readId: kept!.id, seenAt: read.readAt });
  await fill(kept!.id);
  await after(kept!.id, last?.id ?? null, "new");
  return "new";
}

/** A source's funds list as read (masked), under its key: kept whole when it differs from the last kept one. */
export function recordFundsList(
  input: { listKey: string; readAt: Date; digest: string; funds: unknown[] },
  store: StoreConnection = defaultConnection(),
): Promise<"new" | "seen"> {
  const read = {
    kind: "funds" as const,
    fundId: input.listKey,
    digest: input.digest,
    readAt: input.readAt,
    record: input.funds,
  };
  return store.use((db) => db.transaction((tx) => keepRead(tx, read, nothing)));
}

/** One fund's own record (masked). */
export function recordFund(
  input: { fundId: string; readAt: Date; digest: string; fund: Record<string, unknown> },
  store: StoreConnection = defaultConnection(),
): Promise<"new" | "seen"> {
  const { fundId, digest, readAt, fund } = input;
  const read = { kind: "fund" as const, fundId, digest, readAt, record: fund, figures: fundFigures(fund) };
  return store.use((db) => db.transaction((tx) => keepRead(tx, read, nothing))).finally(() => bumpGeneration(fundId));
}

/** A fund's investor list (masked records, with the caller's keyed hash of each tax id), with the fund's figures. */
export function recordInvestorList(
  input: {
    fundId: string;
    readAt: Date;
    digest: string;
    fund: Record<string, unknown> | null;
    investors: KeptInvestor[];
    /** The list's positions encoded by the caller (reads.summary). */
    summary?: string | null;
  },
  store: StoreConnection = defaultConnection(),
  afterKept?: AfterKept,
): Promise<"new" | "seen"> {
  const { fundId, investors } = input;
  const { digest, readAt, summary } = input;
  const read = { kind: "investors" as const, fundId, digest, readAt, record: null, summary };
  const fill = async (tx: Tx, readId: number) => {
    for (let start = 0; start < investors.length; start += positionsPerStatement) {
      await tx.execute(
        await positionsInsert(readId, fundId, start, investors.slice(start, start + positionsPerStatement)),
      );
      await new Promise((turn) => setImmediate(turn));
    }
  };
  const after = (tx: Tx) => async (readId: number, previousReadId: number | null, kept: "new" | "seen") => {
    const facts = { fundKey: fundId, readId, kept, previousReadId, readAt: input.readAt, digest: input.digest };
    await afterKept?.(tx, [{ ...facts, fund: input.fund, investors }]);
  };
  return store
    .use((db) =>
      db.transaction((tx) =>
        keepRead(tx, { ...read, figures: fundFigures(input.fund) }, (id) => fill(tx, id), after(tx)),
      ),
    )
    .finally(() => bumpGeneration(fundId));
}

/** A read that failed, so a gap in the reads can be told from a quiet fund. */
export async function recordReadFailure(
  input: { kind: ReadKind; fundId: string | null; at: Date; status: number; message: string },
  store: StoreConnection = defaultConnection(),
): Promise<void> {
  await store
    .use((db) => db.insert(readFailures).values({ ...input, message: input.message.slice(0, 2_000) }))
    .finally(() => bumpGeneration(input.fundId));
}
