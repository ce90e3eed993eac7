// The store's figures on PGlite as the server runs it (its own process): `npx tsx --conditions=react-server
// lib/store/bench.ts`. 100,000 positions over 2,000 funds are written, every list read back, then read again unchanged.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { StoreConnection } from "./server/connection";
import { latestKeptLists } from "./server/reads";
import { storeBytes } from "./server/upkeep";
import { recordInvestorList } from "./server/writes";

const funds = 2_000;
const perFund = 50;

function investors(fund: number) {
  return Array.from({ length: perFund }, (_, index) => ({
    record: {
      id: `i-${fund}-${index}`,
      investment_account: { display_name: `Investor ${fund}-${index}`, tax_id: "***-**-1234" },
      primary_contact: { email: `p${fund}.${index}@example.com` },
      commitment_amount: "100000.00",
      contributed_amount: "50000.00",
      ownership_percent: "2",
    },
    taxKey: `k-${fund}-${index}`,
  }));
}

async function writeAll(store: StoreConnection, readAt: Date) {
  for (let fund = 0; fund < funds; fund += 1) {
    const fundId = `fund-${fund}`;
    await recordInvestorList({ fundId, readAt, digest: `d-${fund}`, fund: null, investors: investors(fund) }, store);
  }
}

async function main() {
  const folder = mkdtempSync(join(tmpdir(), "fe-store-bench-"));
  const store = new StoreConnection({ dir: join(folder, "db") });
  try {
    await store.open();
    const stalls = monitorEventLoopDelay({ resolution: 5 });
    stalls.enable();
    let started = performance.now();
    await writeAll(store, new Date("2026-01-01T00:00:00Z"));
    const insertMs = performance.now() - started;
    stalls.disable();
    const insertStallMs = Math.round(stalls.max / 1e6);
    started = performance.now();
    const lists = await latestKeptLists(
      Array.from({ length: funds }, (_, fund) => `fund-${fund}`),
      store,
    );
    const readMs = performance.now() - started;
    const bytesAfterFirst = await storeBytes(store);
    await writeAll(store, new Date("2026-01-02T00:00:00Z"));
    const bytesAfterSecond = await storeBytes(store);
    // One list of 100,000 positions in one transaction: the in-thread figure's shape.
    const big = Array.from({ length: funds }, (_, fund) => investors(fund)).flat();
    stalls.reset();
    stalls.enable();
    started = performance.now();
    const readAt = new Date("2026-01-03T00:00:00Z");
    await recordInvestorList({ fundId: "big", readAt, digest: "big", fund: null, investors: big }, store);
    const oneListMs = performance.now() - started;
    stalls.disable();
    console.log({
      positions: lists.reduce((sum, list) => sum + list.investors.length, 0),
      insertMs: Math.round(insertMs),
      maxEventLoopStallMs: insertStallMs,
      latestKeptListsMs: Math.round(readMs),
      bytesAfterFirst,
      bytesAfterSecond,
      oneListOf100kMs: Math.round(oneListMs),
      oneListMaxStallMs: Math.round(stalls.max / 1e6),
    });
  } finally {
    await store.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

void main();
