// The changes scenario's kept history: every fund of the demo API read as it is now, its past drawn
// (changes-history.ts), and the reads of earlier days written through the store's own record functions, stamped with
// those days, as the server would have kept them. `npx tsx --conditions=react-server e2e/bench/changes-seed.ts`, with
// DATABASE_DIR (or DATABASE_URL), SEED_UPSTREAM_URL, SEED_TOKEN and DIRECTORY_MATCH_SECRET; prints one JSON line.
import { createHash } from "node:crypto";
import { maskSecrets } from "../../lib/customer-api/mask";
import type { Investor } from "../../lib/customer-api/schemas";
import { fingerprintOf } from "../../lib/customer-api/upstream";
import { taxKeyOf } from "../../lib/fund-reads/server/match-key";
import { StoreConnection } from "../../lib/store/server/connection";
import { recordFund, recordFundsList, recordInvestorList, recordReadFailure } from "../../lib/store/server/writes";
import { type EventMix, type FundEvent, fundEvents, random, versionAt } from "./changes-history";

type Row = Record<string, unknown>;
const DAY = 86_400_000;
/** The earlier reads, in days before now: weekly, plus the days either side of 30 days ago and yesterday. */
export const READ_DAYS = [40, 33, 31, 24, 17, 10, 3, 1];
const GAP_DAYS = 20.5;
// A large fund's investors pay steadily and join and leave; a small fund sees a few payments and, now and then, a call.
const MIXES: Record<"large" | "small", EventMix> = {
  large: { days: 40, payersPerWeek: 0.01, callChance: 0, callShare: 0, added: 100, removed: 50, contacts: 25 },
  small: { days: 40, payersPerWeek: 0.01, callChance: 0.2, callShare: 1, added: 0.3, removed: 0.2, contacts: 0.05 },
};

const upstream = process.env.SEED_UPSTREAM_URL!;
const get = async (path: string) => {
  const response = await fetch(`${upstream}/customerapi${path}`, {
    headers: { authorization: `Bearer ${process.env.SEED_TOKEN}` },
  });
  if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
  return (await response.json()) as Row[];
};
// Kept under the source the server will read (the same base URL and token): its fingerprint, ':' and the fund's id.
const listKey = fingerprintOf(`${upstream}\u0000${process.env.SEED_TOKEN}`);
const keyOf = (fundId: string) => `${listKey}:${fundId}`;
const digestOf = (...parts: string[]) => createHash("sha256").update(parts.join("\n")).digest("hex");

interface Fund {
  id: string;
  record: Row;
  investors: Row[];
  taxKeys: Map<string, string | null>;
  events: FundEvent[];
}

/** Every fund now: masked, with each investor's keyed tax hash (worked out before masking, as the server does). */
async function readFunds(): Promise<{ list: Row[]; funds: Fund[] }> {
  const list = await get("/funds");
  const funds: Fund[] = [];
  const queue = [...list];
  const rng = random(22);
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const raw = await get(`/funds/${String(next.id)}/investors`);
      const taxKeys = new Map(raw.map((investor) => [String(investor.id), taxKeyOf(investor as Investor)]));
      const investors = raw.map((investor) => maskSecrets(investor));
      funds.push({ id: String(next.id), record: maskSecrets(next), investors, taxKeys, events: [] });
    }
  };
  await Promise.all(Array.from({ length: 6 }, worker));
  funds.sort((a, b) => a.id.localeCompare(b.id));
  for (const fund of funds)
    fund.events = fundEvents(fund.investors, MIXES[fund.investors.length >= 10_000 ? "large" : "small"], rng);
  return { list, funds };
}

async function main() {
  const store = new StoreConnection({
    url: process.env.DATABASE_URL || undefined,
    dir: process.env.DATABASE_DIR ?? ".fund-explorer/db",
  });
  const started = performance.now();
  const now = Date.now();
  const { list, funds } = await readFunds();
  const readMs = performance.now() - started;
  const counts = { reads: 0, newLists: 0, positions: 0, failures: 0 };
  try {
    await store.open();
    for (const daysAgo of READ_DAYS) {
      const readAt = new Date(now - daysAgo * DAY);
      const versions = funds.map((fund) => versionAt(fund.investors, fund.record, fund.events, daysAgo));
      const records = versions.map((version) => version.fund);
      await recordFundsList({ listKey, readAt, digest: digestOf("funds", String(daysAgo)), funds: records }, store);
      for (const [at, fund] of funds.entries()) {
        const { investors, fund: record } = versions[at]!;
        // A version is the set of later events undone: its digest names them.
        const undone = fund.events.filter((event) => event.daysAgo < daysAgo).map((event) => JSON.stringify(event));
        const digest = digestOf(fund.id, ...undone);
        await recordFund({ fundId: keyOf(fund.id), readAt, digest, fund: record }, store);
        const kept = investors.map((investor) => ({
          record: investor,
          taxKey: fund.taxKeys.get(String(investor.id)) ?? null,
        }));
        const outcome = await recordInvestorList(
          { fundId: keyOf(fund.id), readAt, digest, fund: record, investors: kept },
          store,
        );
        counts.reads += 1;
        if (outcome === "new") {
          counts.newLists += 1;
          counts.positions += kept.length;
        }
      }
      console.error(`changes-seed: ${daysAgo} days ago written (${Math.round(performance.now() - started)} ms)`);
    }
    // A failed read now and then: the organization's changes must name the gap, not claim "no change" across it.
    const rng = random(7);
    for (const fund of funds.filter(() => rng() < 0.01)) {
      const at = new Date(now - GAP_DAYS * DAY);
      await recordReadFailure(
        { kind: "investors", fundId: keyOf(fund.id), at, status: 503, message: "bench: upstream 503" },
        store,
      );
      counts.failures += 1;
    }
  } finally {
    await store.close();
  }
  const events = funds.flatMap((fund) => fund.events);
  const byKind = Object.fromEntries(
    ["pay", "call", "add", "remove", "contact"].map((kind) => [
      kind,
      events.filter((event) => event.kind === kind).length,
    ]),
  );
  const within30 = events.filter((event) => event.daysAgo < 31).length;
  const largest = funds.reduce((a, b) => (b.investors.length > a.investors.length ? b : a));
  console.log(
    JSON.stringify({
      funds: list.length,
      investorsNow: funds.reduce((sum, fund) => sum + fund.investors.length, 0),
      largest: { id: largest.id, investors: largest.investors.length, events: largest.events.length },
      readDays: READ_DAYS,
      ...counts,
      events: byKind,
      eventsSince31Days: within30,
      upstreamReadMs: Math.round(readMs),
      ms: Math.round(performance.now() - started),
    }),
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
