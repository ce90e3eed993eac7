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
        await p.events.eventsOfKeptList(tx, facts);
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
    await keep(fundA, before);
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
});
