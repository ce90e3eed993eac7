// The team scenario's store figures (issue 45): capital outstanding's first page with and without its follow-up
// column, on a fresh embedded store (its own process, as the server runs it) holding 100,000 positions that owe
// (2,000 funds of 50, kept through the read model's own writers) and 10,000 follow-ups. `npx tsx
// --conditions=react-server e2e/bench/team-probe.ts` with TEAM_RUNS and TEAM_WARMUP; prints one JSON line.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ModelFund, ModelPosition, StoreScope } from "../../lib/store/model";
import { sortKey } from "../../lib/store/sort-key";
import { recordReads } from "../../lib/store/server/batch-writes";
import { StoreConnection } from "../../lib/store/server/connection";
import { type OutstandingView, outstandingPage } from "../../lib/store/server/org-outstanding";
import { recordFundsList } from "../../lib/store/server/writes";

const FUNDS = 2_000;
const PER_FUND = 50;
const FOLLOW_UPS = 10_000;
const runs = Number(process.env.TEAM_RUNS ?? 7);
const warmup = Number(process.env.TEAM_WARMUP ?? 2);
const fingerprint = "bench";
const today = new Date().toISOString().slice(0, 10);
const dayFrom = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const fund = (at: number): ModelFund => ({
  fundId: `fund-${at}`,
  name: `Fund ${at}`,
  nameSort: sortKey(`Fund ${at}`),
  search: `fund ${at}`,
  organization: `Org ${at % 10}`,
  figures: { capital_due_date: dayFrom(at % 2 === 0 ? -30 - (at % 17) : 20 + (at % 13)) },
  capitalDueDay: dayFrom(at % 2 === 0 ? -30 - (at % 17) : 20 + (at % 13)),
});

function position(fundAt: number, at: number): ModelPosition {
  const id = `i-${fundAt}-${at}`;
  return {
    investorId: id,
    name: `Investor ${id}`,
    nameSort: sortKey(`Investor ${id}`),
    email: `${id}@example.com`,
    emailKey: `${id}@example.com`,
    taxKey: `t-${id}`,
    investorType: "individual",
    invited: null,
    search: id,
    taxGroup: `tax=${id}`,
    emailGroup: null,
    ownGroup: null,
    amounts: {
      total_capital_due: `${100_000 + ((fundAt * 37 + at * 11) % 50_000)}.00`,
      total_received: `${(fundAt * 13 + at * 7) % 90_000}.50`,
    },
  };
}

async function seed(store: StoreConnection) {
  const funds = Array.from({ length: FUNDS }, (_, at) => fund(at));
  const readAt = new Date();
  await recordFundsList({ listKey: fingerprint, readAt, digest: "funds", funds: [], model: funds }, store);
  for (let start = 0; start < FUNDS; start += 50) {
    const writes = funds.slice(start, start + 50).map((model, offset) => {
      const at = start + offset;
      const positions = Array.from({ length: PER_FUND }, (_, index) => position(at, index));
      return {
        kind: "investors" as const,
        fundId: `${fingerprint}:${model.fundId}`,
        readAt,
        digest: `list-${at}`,
        fund: null,
        investors: positions.map((p) => ({ record: { id: p.investorId }, taxKey: p.taxKey })),
        model: positions,
      };
    });
    await recordReads(writes, store);
  }
  // 10,000 follow-ups on as many positions, each the position's next (so follow_up_next holds 10,000 rows), due
  // from 60 days ago to 60 days ahead, a third each open, waiting and done; written in bulk.
  await store.use(async (_db, pool) => {
    await pool.query(
      `insert into notes (id, fund_key, investor_id, investor_name, text, author, created_at, version, assignee,
         due, state)
       select 'n-' || g, $1 || ':fund-' || (g % $2), 'i-' || (g % $2) || '-' || (g / $2), 'Investor', 'Called.',
         'ops@example.com', now(), 1, 'ops@example.com', current_date + ((g * 7) % 121 - 60),
         (array['open', 'waiting', 'done'])[1 + g % 3]
       from generate_series(0, $3 - 1) g`,
      [fingerprint, FUNDS, FOLLOW_UPS],
    );
    await pool.query(
      `insert into follow_up_next (fund_key, investor_id, note_id, assignee, assignee_name, due, state)
       select fund_key, investor_id, id, assignee, null, due, state from notes`,
    );
    await pool.query("vacuum (analyze) org_funds, org_positions, notes, follow_up_next");
  });
}

const scope: StoreScope = { whole: [fingerprint], parts: [] };
const view = (more: Partial<OutstandingView>): OutstandingView & { after: null; offset: 0; limit: 100 } => ({
  scope,
  sort: null,
  fundKey: null,
  overdue: false,
  today,
  since: new Date(Date.now() - 7 * 86_400_000).toISOString(),
  paid: null,
  followUp: null,
  after: null,
  offset: 0,
  limit: 100,
  ...more,
});

/** Each case's first page, the cases taking turns run after run: milliseconds of each run. */
async function measure(store: StoreConnection, cases: Record<string, Partial<OutstandingView>>) {
  const times: Record<string, number[]> = Object.fromEntries(Object.keys(cases).map((name) => [name, []]));
  const rows: Record<string, number> = {};
  for (let run = -warmup; run < runs; run += 1)
    for (const [name, more] of Object.entries(cases)) {
      const started = performance.now();
      const page = await outstandingPage(view(more), store);
      const ms = performance.now() - started;
      rows[name] = page.rows.length;
      if (run >= 0) times[name]!.push(Math.round(ms * 10) / 10);
    }
  return { times, rows };
}

async function main() {
  const folder = mkdtempSync(join(tmpdir(), "fe-bench-team-"));
  const store = new StoreConnection({ dir: join(folder, "db") });
  try {
    await store.open();
    const started = performance.now();
    await seed(store);
    const seedMs = Math.round(performance.now() - started);
    const counts = await store.use(async (_db, pool) => {
      const count = async (table: string) => Number((await pool.query(`select count(*) n from ${table}`)).rows[0].n);
      return { positions: await count("org_positions"), followUps: await count("follow_up_next") };
    });
    const measured = await measure(store, {
      defaultWith: {},
      defaultWithout: { followUps: false },
      byNextDue: { sort: { id: "followUp", direction: "asc" } },
      byFundDueWithout: { sort: { id: "capital_due_date", direction: "asc" }, followUps: false },
      noFollowUpYet: { followUp: "none" },
    });
    console.log(JSON.stringify({ seedMs, ...counts, runs, warmup, ...measured }));
  } finally {
    await store.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
