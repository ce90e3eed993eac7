import { describe, expect, it } from "vitest";
import { genesisHash } from "./audit-chain";
import { appendAuditEvent, pruneAuditEvents } from "./audit";
import { verifyAuditChain } from "./audit-verify";
import type { StoreConnection } from "./connection";
import { auditRow, suiteStore, testStore, type TestDriver } from "./test-stores";

const dayMs = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * dayMs);

/** Runs SQL as the test's superuser, with the append-only trigger off: an edit made behind the server's back. */
async function behindItsBack(store: StoreConnection, statement: string) {
  await store.use(async (_db, pool) => {
    await pool.query("alter table audit_events disable trigger audit_events_append_only");
    try {
      await pool.query(statement);
    } finally {
      await pool.query("alter table audit_events enable trigger audit_events_append_only");
    }
  });
}

const refusal = (store: StoreConnection, statement: string) =>
  store
    .use((_db, pool) => pool.query(statement))
    .then(
      () => "done",
      (error: Error) => error.message,
    );

describe.each<[TestDriver]>([["pglite"], ["postgres"]])("the audit trail on %s", (driver) => {
  describe("a chain", () => {
    const suite = suiteStore(driver);

    it("links each row to the one before and verifies; UPDATE, DELETE and TRUNCATE fail", async () => {
      const store = suite.store();
      expect(await verifyAuditChain(store)).toEqual({ ok: true, count: 0, head: genesisHash });
      const first = await appendAuditEvent(auditRow(), store);
      const second = await appendAuditEvent(auditRow({ action: "forget", outcome: "done", fundId: null }), store);
      // Written at once, they still form one chain: each waits for the one before.
      const third = await Promise.all([1, 2, 3].map(() => appendAuditEvent(auditRow({ detail: "iban" }), store)));
      const newest = third.reduce((a, b) => (a.id > b.id ? a : b));
      expect(first.prevHash).toBe(genesisHash);
      expect(second.prevHash).toBe(first.hash);
      expect(await verifyAuditChain(store)).toEqual({ ok: true, count: 5, head: newest.hash });

      for (const statement of [
        "update audit_events set actor = 'someone@example.com'",
        `delete from audit_events where id = ${first.id}`,
        "truncate audit_events",
      ]) {
        expect(await refusal(store, statement)).toMatch(/append-only: (UPDATE|DELETE|TRUNCATE) on audit_events/);
      }
      expect(await verifyAuditChain(store)).toMatchObject({ ok: true, count: 5 });
    });

    it("names the row edited behind its back, then the row after one removed", async () => {
      const store = suite.store();
      const rows = [];
      for (const detail of ["a", "b", "c"]) rows.push(await appendAuditEvent(auditRow({ detail }), store));
      const edited = rows[1]!;
      await behindItsBack(store, `update audit_events set outcome = 'refused' where id = ${edited.id}`);
      const check = await verifyAuditChain(store);
      expect(check).toMatchObject({ ok: false, broken: { id: edited.id, action: "reveal" } });
      expect(check.ok === false && check.broken.problem).toMatch(/hash does not match/);
      expect(check.ok === false && check.broken.at).toEqual(edited.at);

      await behindItsBack(store, `update audit_events set outcome = 'allowed' where id = ${edited.id}`);
      await behindItsBack(store, `delete from audit_events where id = ${edited.id}`);
      const removed = await verifyAuditChain(store);
      expect(removed).toMatchObject({ ok: false, broken: { id: rows[2]!.id } });
      expect(removed.ok === false && removed.broken.problem).toMatch(/does not link to the row before/);
    });
  });

  describe("retention", () => {
    const suite = suiteStore(driver);

    it("removes only rows older than the cut, records it, and the chain still verifies", async () => {
      const store = suite.store();
      const old = [
        await appendAuditEvent(auditRow({ detail: "oldest" }), store, daysAgo(500)),
        await appendAuditEvent(auditRow({ detail: "old" }), store, daysAgo(450)),
      ];
      const kept = [
        await appendAuditEvent(auditRow({ detail: "recent" }), store, daysAgo(10)),
        await appendAuditEvent(auditRow({ detail: "today" }), store),
      ];
      const cut = daysAgo(400);
      const pruned = await pruneAuditEvents(cut, { actor: "system:retention", method: "system" }, store);
      expect(pruned.removed).toBe(2);
      expect(pruned.event).toMatchObject({ action: "retention", outcome: "done", prevHash: kept[1]!.hash });
      expect(pruned.event.detail).toBe(
        `removed 2 rows before ${cut.toISOString()}; the chain now starts after ${old[1]!.hash}`,
      );
      const left = await store.use(async (_db, pool) =>
        (await pool.query<{ detail: string }>("select detail from audit_events order by id")).rows.map((r) => r.detail),
      );
      expect(left).toEqual(["recent", "today", pruned.event.detail]);
      expect(await verifyAuditChain(store)).toMatchObject({ ok: true, count: 3 });

      // Nothing older left: a row saying so, and the chain still whole.
      const again = await pruneAuditEvents(cut, { actor: "system:retention", method: "system" }, store);
      expect(again).toMatchObject({ removed: 0, event: { detail: `removed 0 rows before ${cut.toISOString()}` } });
      expect(await verifyAuditChain(store)).toMatchObject({ ok: true, count: 4 });
      // audit_prune keeps the last day whatever it is asked.
      expect(await refusal(store, "select audit_prune(now())")).toMatch(/keeps every row of the last day/);
    });

    it("says when the oldest rows were removed without a retention row", async () => {
      const store = suite.store();
      const first = await store.use(async (_db, pool) =>
        Number((await pool.query<{ id: string }>("select min(id) as id from audit_events")).rows[0]!.id),
      );
      await behindItsBack(store, `delete from audit_events where id = ${first}`);
      const check = await verifyAuditChain(store);
      expect(check).toMatchObject({ ok: false, broken: { id: first + 1 } });
      expect(check.ok === false && check.broken.problem).toMatch(/removed without a retention row/);
    });

    it("when every row is old, the retention row links to the last one removed", async () => {
      const { store, dispose } = await testStore(driver);
      try {
        const only = await appendAuditEvent(auditRow(), store, daysAgo(800));
        const pruned = await pruneAuditEvents(daysAgo(400), { actor: "system:retention", method: "system" }, store);
        expect(pruned.event.prevHash).toBe(only.hash);
        expect(pruned.event.detail).toMatch(new RegExp(`starts after ${only.hash}$`));
        expect(await verifyAuditChain(store)).toMatchObject({ ok: true, count: 1 });
      } finally {
        await dispose();
      }
    }, 60_000);
  });
});
