// The alerts scenario's digest run (issue 30, "a day of the demo's changes for 100 subscribers: the digest run ≤ 10 s"):
// every fund of the demo API read as it is now and kept, then a day of its changes (payments, now and then a changed
// email) kept read by read with their events, as the server keeps them; 100 people subscribed to a daily digest; then,
// on a clock at the next day's digest hour, the time from the worker's pass to the 100th email accepted by an SMTP
// server in this process. `npx tsx --conditions=react-server e2e/bench/alerts-digest.ts` with the environment of a
// server (CUSTOMER_API_BASE_URL and its token, DATABASE_DIR or DATABASE_URL, SMTP_URL unset: it starts its own);
// prints one JSON line.
import { createHash } from "node:crypto";
import { performance } from "node:perf_hooks";
import Big from "big.js";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

const SUBSCRIBERS = 100;
const READS = 12;
const HOUR = 3_600_000;

async function main(): Promise<void> {
  // An SMTP server that accepts and counts (parsing 100 large mails here would take the worker's CPU).
  const mails: number[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      let bytes = 0;
      stream.on("data", (chunk: Buffer) => (bytes += chunk.length));
      stream.on("end", () => {
        mails.push(bytes);
        callback();
      });
    },
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const inbox = {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
  process.env.SMTP_URL = inbox.url;
  const { everything, scopeKey } = await import("../../lib/access/scope");
  const { noteFundsList } = await import("../../lib/data/catalog");
  const { fingerprintOf, storeKeyOf } = await import("../../lib/data/sources");
  const { eventsOfKeptLists } = await import("../../lib/alerts/server/events");
  const { createSubscription } = await import("../../lib/alerts/server/subscriptions");
  const { alertsWorker } = await import("../../lib/alerts/server/worker");
  const { openStore, closeStore } = await import("../../lib/store/server");
  const { recordInvestorList } = await import("../../lib/store/server/writes");

  type Row = Record<string, unknown>;
  const upstream = process.env.CUSTOMER_API_BASE_URL!;
  const get = async (path: string) =>
    (await (
      await fetch(`${upstream}/customerapi${path}`, {
        headers: { authorization: `Bearer ${process.env.CUSTOMER_API_TOKEN}` },
      })
    ).json()) as Row[];

  await openStore();
  const funds = await get("/funds");
  noteFundsList("default", funds as { id: string; organization_name?: unknown }[]);
  const lists = await Promise.all(funds.map((fund) => get(`/funds/${String(fund.id)}/investors`)));
  const fingerprint = await fingerprintOf("default");

  // Subscribed a moment before the day begins, to a digest at this UTC hour: the first one due is tomorrow's.
  const start = Date.now();
  const hour = new Date(start).getUTCHours();
  for (let person = 0; person < SUBSCRIBERS; person++) {
    const principal = {
      email: `digest-${person}@bench.test`,
      sid: "",
      method: "proxy" as const,
      issuedAt: 0,
      groups: [],
      role: "viewer" as const,
      scope: everything,
      scopeKey: scopeKey(everything),
      grantedBy: "bench",
    };
    await createSubscription(
      principal,
      {
        kinds: ["added", "removed", "paid", "called", "correction", "contact", "other"],
        email: true,
        digest: { hour, timeZone: "UTC" },
      },
      null,
    );
  }

  // The day: each fund read every two hours; at each read a few investors have paid, and now and then one's email changed.
  const digestOf = (value: unknown) => createHash("sha256").update(JSON.stringify(value)).digest("hex");
  let seed = 42;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const keptStarted = performance.now();
  let reads = 0;
  for (let read = 0; read <= READS; read++) {
    const readAt = new Date(start + 60_000 + (read * 22 * HOUR) / READS);
    for (const [at, fund] of funds.entries()) {
      const investors = lists[at]!;
      if (read > 0)
        for (let payer = 0; payer < 3 && investors.length > 0; payer++) {
          const investor = investors[Math.floor(random() * investors.length)]!;
          const paid = new Big(Math.round(random() * 1_000_000)).div(100);
          investor.contributed_amount = new Big(String(investor.contributed_amount ?? 0)).plus(paid).toFixed(2);
          if (random() < 0.05)
            investor.primary_contact = { ...(investor.primary_contact as Row), email: `changed-${read}@example.com` };
        }
      await recordInvestorList(
        {
          fundId: storeKeyOf(fingerprint, String(fund.id)),
          readAt,
          digest: digestOf([fund, investors]),
          fund,
          investors: investors.map((record) => ({ record, taxKey: null })),
        },
        undefined,
        async (tx, facts) => void (await eventsOfKeptLists(tx, facts)),
      );
      reads += 1;
    }
  }
  const keptMs = performance.now() - keptStarted;

  // The next day's hour, a minute after (writes of that moment land first): the digest run, timed to the last email.
  const due = Date.UTC(
    new Date(start).getUTCFullYear(),
    new Date(start).getUTCMonth(),
    new Date(start).getUTCDate() + 1,
    hour,
    1,
    1,
  );
  const worker = alertsWorker({ now: () => due, concurrency: 16 });
  const started = performance.now();
  await worker.runOnce();
  while (mails.length < SUBSCRIBERS && performance.now() - started < 120_000)
    await new Promise((done) => setTimeout(done, 20));
  const runMs = performance.now() - started;
  console.log(
    JSON.stringify({
      subscribers: SUBSCRIBERS,
      funds: funds.length,
      reads,
      keptMs: Math.round(keptMs),
      emails: mails.length,
      emailBytes: Math.max(...mails),
      runMs: Math.round(runMs),
    }),
  );
  await closeStore();
  await inbox.close();
  process.exit(0);
}

void main();
