import { createHash } from "node:crypto";
import { rmSync } from "node:fs";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { TestDriver } from "../../store/server/test-stores";
import { testPrincipal } from "../../testing/principal";
import {
  alertsEnvironment,
  type AlertsProcess,
  alertsProcess,
  fundRecord,
  investorRecord,
  smtpInbox,
  webhookReceiver,
  writeUsers,
} from "./test-kit";

// Alerts end to end in one process, on each store: events kept with the reads, deliveries claimed by workers,
// email into a real SMTP server (parsed), webhooks into a receiver that verifies them with standardwebhooks.

const fundA = "0f8fad5b-d9cb-469f-a165-70867728950e";
const fundB = "7c9e6679-7425-40de-944b-e07fc1f90ae7";
const ops = "ops@example.com";

type Inbox = Awaited<ReturnType<typeof smtpInbox>>;
type Receiver = Awaited<ReturnType<typeof webhookReceiver>>;

const digestOf = (value: unknown) => createHash("sha256").update(JSON.stringify(value)).digest("hex");

describe.each<[TestDriver]>([["pglite"], ["postgres"]])("alerts on %s", { timeout: 90_000 }, (driver) => {
  let inbox: Inbox;
  let receiver: Receiver;
  let environment: Awaited<ReturnType<typeof alertsEnvironment>>;
  let p: AlertsProcess;
  let logged: string[];

  // One store and one process per driver (PGlite takes seconds to start); each test starts from empty tables.
  beforeAll(async () => {
    inbox = await smtpInbox();
    receiver = await webhookReceiver();
    environment = await alertsEnvironment(driver, { SMTP_URL: inbox.url, ALERTS_WEBHOOK_ALLOW: receiver.host });
    p = await alertsProcess(environment.env);
    await p.store.openStore();
  }, 90_000);
  afterAll(async () => {
    await environment.dispose();
    await inbox.close();
    await receiver.close();
  });

  beforeEach(async () => {
    const { rowsOf } = await import("../../store/server/alerts-sql");
    const { defaultConnection } = await import("../../store/server/connection");
    await defaultConnection().use((db) =>
      rowsOf(
        db,
        `delete from alert_subscriptions; delete from alert_events; delete from alert_conditions;
         delete from alert_digests; delete from alert_people; delete from reads`,
      ),
    );
    inbox.mails.length = 0;
    receiver.received.length = 0;
    receiver.answer([]);
    writeUsers(environment.usersFile, [
      { email: ops, role: "ops", scopes: ["*"] },
      { email: "northwind@example.com", role: "viewer", scopes: ["Northwind Partners"] },
      { email: "admin@example.com", role: "admin", scopes: ["*"] },
    ]);
    rmSync(environment.env.DASHBOARD_REVOKED_USERS_FILE!, { force: true });
    p.catalog.noteFundsList("default", [
      { id: fundA, organization_name: "Northwind Partners" },
      { id: fundB, organization_name: "Acme Capital" },
    ]);
    logged = [];
    const write = process.stdout.write.bind(process.stdout);
    vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array, ...rest: unknown[]) => {
      logged.push(String(chunk));
      return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
    });
  }, 30_000);

  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** Keeps one read of a fund's list with its events, as kept.ts does; `fail` rolls the read back after them. */
  async function keep(
    fundId: string,
    investors: Record<string, unknown>[],
    options: { at?: Date; fund?: Record<string, unknown> | null; fail?: boolean } = {},
  ) {
    const fund = options.fund === undefined ? fundRecord(fundId, investors) : options.fund;
    const key = p.sources.storeKeyOf(await p.sources.fingerprintOf("default"), fundId);
    return p.writes.recordInvestorList(
      {
        fundId: key,
        readAt: options.at ?? new Date(),
        digest: digestOf([fund, investors]),
        fund,
        investors: investors.map((record) => ({ record, taxKey: null })),
      },
      undefined,
      async (tx, facts) => {
        await p.events.eventsOfKeptLists(tx, facts);
        if (options.fail) throw new Error("the write failed after the events");
      },
    );
  }

  const person = (email: string, role: "viewer" | "ops" | "admin" = "ops") =>
    testPrincipal({ email, role, method: "local" });

  /** The events kept so far. */
  async function events() {
    const { rowsOf } = await import("../../store/server/alerts-sql");
    const { defaultConnection } = await import("../../store/server/connection");
    return defaultConnection().use((db) => rowsOf(db, "select id, kind, investor_id from alert_events order by id"));
  }

  it("makes each change an event in the read's transaction, once; a read rolled back leaves none", async () => {
    const before = [investorRecord("i1"), investorRecord("i2")];
    // Nobody subscribed yet: a change kept makes no event.
    await keep(fundA, [investorRecord("i1", { contributed_amount: "1.00" }), investorRecord("i2")]);
    await keep(fundA, before);
    expect(await events()).toEqual([]);
    await p.subscriptions.createSubscription(person(ops), { kinds: ["paid"], email: true }, null);
    const paid = [
      investorRecord("i1", { contributed_amount: "600.00", unfunded_commitment_amount: "400.00" }),
      investorRecord("i2", { primary_contact: { email: "new-bank@example.com", full_name: "Person i2" } }),
    ];
    await expect(keep(fundA, paid, { fail: true })).rejects.toThrow(/the write failed after the events/);
    expect(await events()).toEqual([]);
    await keep(fundA, paid);
    const kept = await events();
    // i1 paid (contributed up; its unfunded commitment, down, is another change), i2's email changed.
    expect(kept.map((row) => [row.kind, row.investor_id]).sort()).toEqual([
      ["contact", "i2"],
      ["other", "i1"],
      ["paid", "i1"],
    ]);
    // The same content read again is a sighting: no new events.
    await keep(fundA, paid);
    expect(await events()).toHaveLength(3);
  });

  it("refuses a bad subscription with a 400 naming the field", async () => {
    const northwind = testPrincipal({
      email: "northwind@example.com",
      role: "viewer",
      method: "local",
      scope: { all: false, entries: [{ source: null, organization: "Northwind Partners" }] },
    });
    const cases: [unknown, string][] = [
      [{}, "kinds"],
      [{ kinds: ["nope"], email: true }, "kinds.0"],
      [{ kinds: ["paid"] }, "email"],
      [{ kinds: ["paid"], email: true, extra: 1 }, "extra"],
      [{ kinds: ["paid"], webhook: { url: "http://hooks.example.com/x" } }, "webhook.url"],
      [{ kinds: ["paid"], webhook: { url: "https://127.0.0.1/x" } }, "webhook.url"],
      [{ kinds: ["paid"], webhook: { url: "https://h.example.com/x", format: "xml" } }, "webhook.format"],
      [{ kinds: ["paid"], email: true, digest: { hour: 24, timeZone: "Europe/Zurich" } }, "digest.hour"],
      [{ kinds: ["paid"], email: true, digest: { hour: 8, timeZone: "Mars/Olympus" } }, "digest.timeZone"],
      [{ kinds: ["paid"], email: true, fundId: "not-a-fund" }, "fundId"],
      // Out of scope answers as a fund that does not exist.
      [{ kinds: ["paid"], email: true, fundId: fundB }, "fundId"],
      [{ kinds: ["paid"], email: true, investorId: "x" }, "investorId"],
    ];
    for (const [body, field] of cases) {
      const refused = await p.subscriptions.createSubscription(northwind, body, null).then(
        () => null,
        (error: { status: number; field?: string; message: string }) => error,
      );
      expect(refused, JSON.stringify(body)).toMatchObject({ status: 400, field });
      expect(refused!.message.startsWith(`${field}:`)).toBe(true);
    }
    const team = { kinds: ["paid"], team: true, label: "#ops", webhook: { url: receiver.url(), format: "slack" } };
    await expect(p.subscriptions.createSubscription(northwind, team, null)).rejects.toMatchObject({ status: 403 });
    const made = await p.subscriptions.createSubscription(person("admin@example.com", "admin"), team, null);
    // Another person's subscription is an unknown one.
    await expect(p.subscriptions.removeSubscription(northwind, made.id, null)).rejects.toMatchObject({ status: 404 });
    const [view] = await p.subscriptions.listSubscriptions(person("admin@example.com", "admin"));
    expect(view).toMatchObject({ team: true, label: "#ops", webhook: { url: `http://${receiver.host}/…` } });
    expect(JSON.stringify(view)).not.toContain("secret-path-token");
  });

  it("delivers an event once by email (both parts, a working unsubscribe) and by a verified webhook", async () => {
    const created = await p.subscriptions.createSubscription(
      person(ops),
      {
        kinds: ["paid"],
        email: true,
        webhook: { url: receiver.url(), format: "standard" },
      },
      null,
    );
    expect(created.webhook?.secret).toMatch(/^whsec_/);
    receiver.verifyWith(created.webhook!.secret);
    await keep(fundA, [investorRecord("i1"), investorRecord("i2")]);
    await keep(fundA, [
      investorRecord("i1", { contributed_amount: "10500.25", unfunded_commitment_amount: "0.00" }),
      investorRecord("i2"),
    ]);
    // Two workers at once (on PostgreSQL, two instances: each its own pool): each delivery is made once.
    const { StoreConnection } = await import("../../store/server/connection");
    const other =
      driver === "postgres" ? new StoreConnection({ url: environment.env.DATABASE_URL!, dir: "" }) : undefined;
    const workers = [p.worker.alertsWorker({ worker: "one" }), p.worker.alertsWorker({ worker: "two", store: other })];
    await Promise.all(workers.map((worker) => worker.runOnce()));
    await Promise.all(workers.map((worker) => worker.runOnce()));
    await other?.close();

    expect(inbox.mails).toHaveLength(1);
    const mail = inbox.mails[0]!;
    expect(mail.subject).toBe("Paid: Investor i1 in Fund 0f8f");
    expect(mail.text).toContain("Contributed 500.00 → 10,500.25 (+10,000.25)");
    expect(mail.html).toContain("Contributed 500.00 → 10,500.25 (+10,000.25)");
    expect(mail.text).toContain(`https://dash.example.com/changes?since=`);
    const header = (key: string) => mail.headerLines.find((line) => line.key === key)?.line ?? "";
    expect(header("list-unsubscribe-post")).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    const oneClick = /<(https:\/\/dash\.example\.com\/api\/alerts\/unsubscribe\?[^>]+)>/.exec(
      header("list-unsubscribe").replace(/\r?\n\s*/g, ""),
    )?.[1];
    expect(oneClick).toBeDefined();

    expect(receiver.received).toHaveLength(1);
    const [hook] = receiver.received;
    expect(hook!.verified).toMatchObject({
      type: "fund.paid",
      data: {
        kind: "paid",
        fund: { id: fundA, name: "Fund 0f8f" },
        investor: { id: "i1", name: "Investor i1" },
        changes: [{ field: "contributed_amount", before: "500.00", after: "10500.25", difference: "10000.25" }],
      },
    });

    // The unsubscribe link works (no session): no more email, the webhook goes on.
    const link = new URL(oneClick!);
    expect(await p.subscriptions.unsubscribeByLink(link.searchParams.get("s"), "forged")).toBe(false);
    expect(await p.subscriptions.unsubscribeByLink(link.searchParams.get("s"), link.searchParams.get("t"))).toBe(true);
    await keep(fundA, [
      investorRecord("i1", { contributed_amount: "10600.25", unfunded_commitment_amount: "0.00" }),
      investorRecord("i2"),
    ]);
    await workers[0]!.runOnce();
    expect(inbox.mails).toHaveLength(1);
    expect(receiver.received).toHaveLength(2);
    expect(new Set(receiver.received.map((entry) => entry.headers["webhook-id"])).size).toBe(2);

    // No log line carries the webhook's path or its secret: they name the endpoint's id.
    const lines = logged.join("");
    expect(lines).toContain(`"endpoint":"${created.id}"`);
    expect(lines).not.toContain("secret-path-token");
    expect(lines).not.toContain(created.webhook!.secret.slice(6, 20));
  });

  it("escapes a <script> in an investor's name, masks tax ids and account numbers, whatever the role", async () => {
    await p.subscriptions.createSubscription(
      person("admin@example.com", "admin"),
      { kinds: ["added", "contact"], email: true },
      null,
    );
    const evil = `<script>alert("x")</script> & Co`;
    await keep(fundA, [investorRecord("i1"), investorRecord("i2")]);
    await keep(fundA, [
      investorRecord("i1", {
        investment_account: { display_name: "Investor i1", tax_id: "***-**-9999", account_number: "****0000" },
      }),
      investorRecord("i2"),
      investorRecord("i3", {
        investment_account: { display_name: evil, tax_id: "***-**-4321" },
        ownership_percent: "0",
      }),
    ]);
    await p.worker.alertsWorker().runOnce();
    expect(inbox.mails.map((mail) => mail.subject).sort()).toEqual([
      'Added: <script>alert("x")</script> & Co in Fund 0f8f',
      "Contact changed: Investor i1 in Fund 0f8f",
    ]);
    const html = inbox.mails.map((mail) => String(mail.html)).join("\n");
    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co");
    const contact = inbox.mails.find((mail) => mail.subject?.startsWith("Contact"))!;
    // A masked value is said to have changed, never shown.
    expect(contact.text).toMatch(/account_number changed/i);
    expect(`${contact.text}${contact.html}`).not.toMatch(/9999|0000|5678/);
  });

  it("tries a failing receiver again on schedule: the fourth attempt after 5 s, 5 min and 30 min", async () => {
    const created = await p.subscriptions.createSubscription(
      person(ops),
      { kinds: ["paid"], webhook: { url: receiver.url(), format: "standard" } },
      null,
    );
    receiver.verifyWith(created.webhook!.secret);
    receiver.answer([{ status: 500 }, { status: 503, headers: { "retry-after": "2" } }, { status: 502 }]);
    await keep(fundA, [investorRecord("i1"), investorRecord("i2")]);
    await keep(fundA, [
      investorRecord("i1", { contributed_amount: "700.00", unfunded_commitment_amount: "300.00" }),
      investorRecord("i2"),
    ]);
    let now = Date.now();
    const worker = p.worker.alertsWorker({ now: () => now, random: () => 0 });
    const at = async (ms: number) => {
      now = ms;
      await worker.runOnce();
      return receiver.received.length;
    };
    const start = now;
    expect(await at(start)).toBe(1);
    expect(await at(start + 4_999)).toBe(1);
    expect(await at(start + 5_000)).toBe(2);
    const second = start + 5_000;
    expect(await at(second + 299_999)).toBe(2);
    expect(await at(second + 300_000)).toBe(3);
    const third = second + 300_000;
    expect(await at(third + 1_799_999)).toBe(3);
    expect(await at(third + 1_800_000)).toBe(4);
    expect(await at(third + 10 * 3_600_000)).toBe(4);
    const ids = new Set(receiver.received.map((entry) => entry.headers["webhook-id"]));
    expect(ids.size).toBe(1);
    expect(receiver.received.every((entry) => entry.verified !== null)).toBe(true);
    const [delivery] = await p.subscriptions.listDeliveries(person(ops));
    expect(delivery).toMatchObject({ status: "delivered", attempts: 4 });
    expect(delivery!.attemptLog.map((attempt) => [attempt.outcome, attempt.status])).toEqual([
      ["retry", 500],
      ["retry", 503],
      ["retry", 502],
      ["delivered", 204],
    ]);
  });

  it("a 410 disables the webhook and tells its owner; the last failed attempt marks it failed and emails them", async () => {
    const gone = await p.subscriptions.createSubscription(
      person(ops),
      { kinds: ["paid"], webhook: { url: receiver.url("/gone"), format: "slack" } },
      null,
    );
    receiver.answer([{ status: 410 }]);
    await keep(fundA, [investorRecord("i1"), investorRecord("i2")]);
    await keep(fundA, [
      investorRecord("i1", { contributed_amount: "700.00", unfunded_commitment_amount: "300.00" }),
      investorRecord("i2"),
    ]);
    let now = Date.now();
    const worker = p.worker.alertsWorker({ now: () => now, random: () => 0 });
    await worker.runOnce();
    expect(receiver.received).toHaveLength(1);
    expect(JSON.parse(receiver.received[0]!.body)).toEqual({
      text: expect.stringContaining("*Paid · Fund 0f8f · Investor i1*"),
    });
    const [view] = await p.subscriptions.listSubscriptions(person(ops));
    expect(view!.webhook).toMatchObject({ url: `http://${receiver.host}/…`, disabled: expect.stringContaining("410") });
    expect(inbox.mails.map((mail) => mail.subject)).toEqual(["Your Fund Explorer webhook was disabled"]);
    // Nothing more is posted to it.
    await keep(fundA, [
      investorRecord("i1", { contributed_amount: "800.00", unfunded_commitment_amount: "200.00" }),
      investorRecord("i2"),
    ]);
    await worker.runOnce();
    expect(receiver.received).toHaveLength(1);
    await p.subscriptions.removeSubscription(person(ops), gone.id, null);

    await p.subscriptions.createSubscription(
      person(ops),
      { kinds: ["paid"], webhook: { url: receiver.url("/down"), format: "standard" } },
      null,
    );
    receiver.answer(Array.from({ length: 8 }, () => ({ status: 500 })));
    await keep(fundA, [
      investorRecord("i1", { contributed_amount: "900.00", unfunded_commitment_amount: "100.00" }),
      investorRecord("i2"),
    ]);
    for (let step = 0; step < 9; step++) {
      await worker.runOnce();
      now += 11 * 3_600_000;
    }
    expect(receiver.received.filter((entry) => entry.path === "/down")).toHaveLength(8);
    const failed = (await p.subscriptions.listDeliveries(person(ops))).find((entry) => entry.channel === "webhook");
    expect(failed).toMatchObject({ status: "failed", attempts: 8 });
    expect(inbox.mails.map((mail) => mail.subject)).toContain("A Fund Explorer alert could not be delivered");
  });

  it("sends nothing outside the person's access now: narrowed, removed, revoked", async () => {
    const northwind = testPrincipal({
      email: "northwind@example.com",
      role: "viewer",
      method: "local",
      scope: { all: false, entries: [{ source: null, organization: "Northwind Partners" }] },
    });
    await p.subscriptions.createSubscription(northwind, { kinds: ["paid"], email: true }, null);
    await p.subscriptions.createSubscription(person(ops), { kinds: ["paid"], email: true }, null);
    const pay = async (fundId: string, amount: string) =>
      keep(fundId, [
        investorRecord("i1", { contributed_amount: amount, unfunded_commitment_amount: "0.00" }),
        investorRecord("i2"),
      ]);
    await pay(fundA, "500.00");
    await pay(fundB, "500.00");
    await pay(fundA, "1000.00");
    await pay(fundB, "1000.00");
    const worker = p.worker.alertsWorker();
    await worker.runOnce();
    const to = (email: string) => inbox.mails.filter((mail) => JSON.stringify(mail.to).includes(email));
    // Northwind's viewer: Northwind's fund only; ops of everything: both.
    expect(to("northwind@example.com").map((mail) => mail.subject)).toEqual(["Paid: Investor i1 in Fund 0f8f"]);
    expect(to(ops)).toHaveLength(2);

    // Narrowed to Acme, removed from the file, revoked: nothing further outside the new scope, nothing at all.
    writeUsers(environment.usersFile, [
      { email: ops, role: "ops", scopes: ["*"] },
      { email: "northwind@example.com", role: "viewer", scopes: ["Acme Capital"] },
    ]);
    await new Promise((done) => setTimeout(done, 20));
    await pay(fundA, "1100.00");
    await pay(fundB, "1100.00");
    await worker.runOnce();
    expect(to("northwind@example.com").map((mail) => mail.subject)).toEqual([
      "Paid: Investor i1 in Fund 0f8f",
      "Paid: Investor i1 in Fund 7c9e",
    ]);
    await p.revocation.revokePerson(ops, Date.now() + 1_000);
    await pay(fundA, "1200.00");
    await worker.runOnce();
    expect(to(ops)).toHaveLength(4);
    // Their log as they see it now (Acme): what is outside their access says only that, not which fund or investor.
    const acme = { all: false as const, entries: [{ source: null, organization: "Acme Capital" }] };
    const log = await p.subscriptions.listDeliveries({ ...northwind, scope: acme });
    expect(log.filter((entry) => entry.status === "skipped").map((entry) => entry.summary)).toEqual([
      "Not shown: outside your access now",
      "Not shown: outside your access now",
      "Paid · Fund 7c9e · Investor i1",
    ]);
  });
  it("tells a condition once it holds for two reads in a row, and reminds of an open one at most once a day", async () => {
    const created = await p.subscriptions.createSubscription(
      person(ops),
      {
        kinds: ["overdue", "stopped_tying_out", "ties_out_again"],
        webhook: { url: receiver.url(), format: "standard" },
      },
      null,
    );
    receiver.verifyWith(created.webhook!.secret);
    const hour = 3_600_000;
    const start = Date.now() + hour;
    const settled = [investorRecord("i1"), investorRecord("i2")];
    const owing = [investorRecord("i1", { total_received: "400.00" }), investorRecord("i2")];
    const read = (investors: Record<string, unknown>[], at: number, fund = fundRecord(fundA, investors)) =>
      keep(fundA, investors, { at: new Date(at), fund });
    const worker = p.worker.alertsWorker();
    const told = async () => {
      await worker.runOnce();
      return receiver.received.map((entry) => {
        const data = (entry.verified as { data: { kind: string; reminder: boolean } }).data;
        return data.reminder ? `${data.kind} (reminder)` : data.kind;
      });
    };
    await read(settled, start);
    await read(owing, start + hour);
    // Seen once: not yet.
    expect(await told()).toEqual([]);
    await read(owing, start + 2 * hour);
    expect(await told()).toEqual(["overdue"]);
    await read(owing, start + 5 * hour);
    await read(owing, start + 25 * hour);
    await read(owing, start + 27 * hour);
    expect(await told()).toEqual(["overdue", "overdue (reminder)"]);
    // The fund's own total contributed no longer matches its investors': it stops tying out, then ties out again.
    const stale = fundRecord(fundA, owing, { total_contributed: "999.00" });
    await read(owing, start + 28 * hour, stale);
    await read(owing, start + 29 * hour, stale);
    await read(owing, start + 30 * hour);
    expect(await told()).toEqual(["overdue", "overdue (reminder)", "stopped_tying_out"]);
    await read(owing, start + 31 * hour);
    expect(await told()).toEqual(["overdue", "overdue (reminder)", "stopped_tying_out", "ties_out_again"]);
    const stopped = receiver.received[2]!.verified as { data: { condition: { differences: unknown[] } } };
    expect(stopped.data.condition.differences).toEqual([
      { label: "Total contributed", difference: "-1.00", investors: null },
    ]);
  });

  it("sends one digest per person per local date: two schedulers, a skipped hour and a repeated one", async () => {
    await p.subscriptions.createSubscription(
      person(ops),
      { kinds: ["paid"], email: true, digest: { hour: 2, timeZone: "Europe/Zurich" } },
      null,
    );
    // A payment on 27 March 2027 (Zurich springs forward at 02:00 on the 28th), another on the 30th.
    await keep(fundA, [investorRecord("i1"), investorRecord("i2")], { at: new Date("2027-03-27T10:00:00Z") });
    const pay = (amount: string, at: string) =>
      keep(
        fundA,
        [
          investorRecord("i1", { contributed_amount: amount, unfunded_commitment_amount: "0.00" }),
          investorRecord("i2"),
        ],
        {
          at: new Date(at),
        },
      );
    await pay("600.00", "2027-03-27T11:00:00Z");
    await pay("700.50", "2027-03-27T12:00:00Z");
    await pay("800.50", "2027-03-29T12:00:00Z");
    let now = 0;
    const { StoreConnection } = await import("../../store/server/connection");
    const other =
      driver === "postgres" ? new StoreConnection({ url: environment.env.DATABASE_URL!, dir: "" }) : undefined;
    const schedulers = [
      p.worker.alertsWorker({ now: () => now, random: () => 0 }),
      p.worker.alertsWorker({ now: () => now, random: () => 0, store: other }),
    ];
    for (let at = Date.parse("2027-03-27T00:30:00Z"); at <= Date.parse("2027-03-30T06:00:00Z"); at += 3_600_000) {
      now = at;
      await Promise.all(schedulers.map((worker) => worker.runOnce()));
    }
    // The repeated 02:00 of 31 October 2027.
    for (let at = Date.parse("2027-10-30T23:30:00Z"); at <= Date.parse("2027-10-31T03:00:00Z"); at += 15 * 60_000) {
      now = at;
      await Promise.all(schedulers.map((worker) => worker.runOnce()));
    }
    await other?.close();
    const { rowsOf } = await import("../../store/server/alerts-sql");
    const { defaultConnection } = await import("../../store/server/connection");
    const digests = await defaultConnection().use((db) =>
      rowsOf(db, "select local_date::text d, window_start, window_end from alert_digests order by local_date"),
    );
    expect(digests.map((row) => row.d)).toEqual(["2027-03-27", "2027-03-28", "2027-03-29", "2027-03-30", "2027-10-31"]);
    // Each digest starts where the one before ended: no change falls between two, none is in two.
    for (let at = 1; at < digests.length; at++)
      expect(new Date(digests[at]!.window_start as Date)).toEqual(new Date(digests[at - 1]!.window_end as Date));
    // The skipped 02:00 of 28 March: sent when the clocks jump (01:00 UTC).
    expect(new Date(digests[1]!.window_end as Date).toISOString()).toBe("2027-03-28T01:00:00.000Z");
    expect(inbox.mails.map((mail) => mail.subject)).toEqual([
      "Fund Explorer digest for 2027-03-27: 0 changes in 0 funds",
      "Fund Explorer digest for 2027-03-28: 2 changes in 1 fund",
      "Fund Explorer digest for 2027-03-29: 0 changes in 0 funds",
      "Fund Explorer digest for 2027-03-30: 1 change in 1 fund",
      "Fund Explorer digest for 2027-10-31: 0 changes in 0 funds",
    ]);
    const second = inbox.mails[1]!;
    expect(second.text).toContain("Fund 0f8f — totals: Contributed +200.50");
    expect(second.html).toContain("Totals: Contributed +200.50");
  });

  it("delivers after a restart what a process kept and did not send, and what a dead instance had claimed", async () => {
    const created = await p.subscriptions.createSubscription(
      person(ops),
      { kinds: ["paid"], webhook: { url: receiver.url(), format: "standard" } },
      null,
    );
    receiver.verifyWith(created.webhook!.secret);
    await keep(fundA, [investorRecord("i1"), investorRecord("i2")]);
    await keep(fundA, [
      investorRecord("i1", { contributed_amount: "900.00", unfunded_commitment_amount: "100.00" }),
      investorRecord("i2"),
    ]);
    // An instance claims it and dies before sending (its lease is a minute).
    let now = Date.now();
    const dead = p.worker.alertsWorker({ now: () => now, worker: "dead" });
    const { claimDeliveries, fanOutEvents } = await import("../../store/server/alerts");
    await fanOutEvents(new Date(now), 100);
    expect(await claimDeliveries({ now: new Date(now), limit: 10, leaseMs: 60_000, worker: "dead" })).toHaveLength(1);
    void dead;
    // The process restarts: fresh modules, the same store.
    p = await alertsProcess(environment.env);
    p.catalog.noteFundsList("default", [{ id: fundA, organization_name: "Northwind Partners" }]);
    const restarted = p.worker.alertsWorker({ now: () => now });
    now += 30_000;
    await restarted.runOnce();
    expect(receiver.received).toHaveLength(0);
    now += 31_000;
    await restarted.runOnce();
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]!.verified).toMatchObject({ type: "fund.paid" });
    await restarted.runOnce();
    expect(receiver.received).toHaveLength(1);
  });
});
