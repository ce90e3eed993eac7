import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { testPostgresUrl } from "@/lib/testing/test-postgres";
import { appendAuditEvent, pruneAuditEvents } from "./audit";
import { verifyAuditChain } from "./audit-verify";
import { StoreConnection } from "./connection";
import { forgetPeople, pruneReads } from "./upkeep";
import { at, auditRow, investor } from "./test-stores";
import { recordInvestorList } from "./writes";

// docs/audit.md's grants, run as written: the server's role may read and append the trail and prune it through
// audit_prune, and nothing else of it; everything else the server does still works.

const grants = () => {
  const docs = readFileSync(join(process.cwd(), "docs/audit.md"), "utf8");
  const block = [...docs.matchAll(/```sql\n([\s\S]*?)```/g)].find((match) => match[1]!.includes("ON audit_events"));
  if (!block) throw new Error("docs/audit.md has no grants for audit_events");
  return block[1]!;
};

async function asSuperuser(url: string, ...statements: string[]) {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

describe("the server's PostgreSQL role (docs/audit.md)", () => {
  const suffix = randomBytes(4).toString("hex");
  const [owner, server, database] = [`owner_${suffix}`, `server_${suffix}`, `audit_${suffix}`];
  const urlOf = (role: string) => {
    const url = new URL(testPostgresUrl());
    url.username = role;
    url.pathname = `/${database}`;
    return url.toString();
  };
  const stores: StoreConnection[] = [];
  afterAll(() => Promise.all(stores.map((store) => store.close())));

  it("may append, read and prune the trail, never change or remove it, and does the rest of its work", async () => {
    await asSuperuser(
      testPostgresUrl(),
      `create role ${owner} login`,
      `create role ${server} login`,
      `create database ${database} owner ${owner}`,
    );
    // The owner opens the store first: the migrations are applied as the owner.
    const asOwner = new StoreConnection({ url: urlOf(owner), dir: "" });
    stores.push(asOwner);
    await asOwner.open();
    expect(asOwner.status().state).toBe("ready");
    await asSuperuser(
      urlOf(owner).replace(owner, "postgres"),
      `set role ${owner}; ${grants().replaceAll("fund_explorer_server", server)}`,
    );

    const store = new StoreConnection({ url: urlOf(server), dir: "" });
    stores.push(store);
    await store.open();
    expect(store.status()).toMatchObject({ state: "ready", reason: null });
    await appendAuditEvent(auditRow({ detail: "old" }), store, new Date(Date.now() - 500 * 86_400_000));
    await appendAuditEvent(auditRow(), store);
    const pruned = await pruneAuditEvents(
      new Date(Date.now() - 400 * 86_400_000),
      { actor: "t", method: "system" },
      store,
    );
    expect(pruned.removed).toBe(1);
    expect(await verifyAuditChain(store)).toMatchObject({ ok: true, count: 2 });

    const refused = (statement: string) =>
      store
        .use((_db, pool) => pool.query(statement))
        .then(
          () => "done",
          (error: Error) => error.message,
        );
    expect(await refused("update audit_events set actor = 'x'")).toMatch(/permission denied for table audit_events/);
    expect(await refused("delete from audit_events")).toMatch(/permission denied for table audit_events/);
    expect(await refused("truncate audit_events")).toMatch(/permission denied for table audit_events/);
    expect(await refused("alter table audit_events disable trigger all")).toMatch(/must be owner/);
    expect(
      await refused("create function audit_prune(before timestamptz) returns bigint language sql as 'select 0'"),
    ).toMatch(/permission denied for schema public/);

    // The kept reads: written, forgotten and pruned as before.
    const list = [investor("i1"), investor("i2")].map((record) => ({ record, taxKey: null }));
    await recordInvestorList(
      { fundId: "f", digest: "d", readAt: at("2020-01-01T00:00:00Z"), fund: null, investors: list },
      store,
    );
    expect(await forgetPeople({ email: "i1@example.com", taxKeys: [] }, store)).toEqual({ positions: 1, notes: 0 });
    expect(await pruneReads(new Date(), store)).toBe(0);
  });
});
