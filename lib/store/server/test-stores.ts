import "server-only";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "pg";
import { afterAll, beforeAll } from "vitest";
import { pgliteFolder } from "@/lib/testing/pglite-folder";
import { testPostgresUrl } from "@/lib/testing/test-postgres";
import type { AuditEventFields } from "./audit-chain";
import { StoreConnection } from "./connection";
import type { StoreScope } from "../model";
import type { OutstandingView } from "./org-outstanding";
import { recordInvestorList } from "./writes";

/** A new, empty database of the test's own in the unit run's PostgreSQL: its URL. */
export async function testDatabase(): Promise<string> {
  const server = testPostgresUrl();
  const name = `test_${randomBytes(6).toString("hex")}`;
  const client = new Client({ connectionString: server });
  await client.connect();
  try {
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
}

export type TestDriver = "pglite" | "postgres";

/** A fresh store of the driver's: a temp PGlite folder, or a new database in the unit run's PostgreSQL. */
export async function testStore(driver: TestDriver): Promise<{ store: StoreConnection; dispose(): Promise<void> }> {
  if (driver === "postgres") {
    const store = new StoreConnection({ url: await testDatabase(), dir: "" });
    return { store, dispose: () => store.close() };
  }
  const folder = mkdtempSync(join(tmpdir(), "fe-store-"));
  const store = new StoreConnection({ dir: pgliteFolder(folder) });
  return {
    store,
    async dispose() {
      await store.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** An investor record as the API gives it (masked), with the fields the store keeps in columns. */
export function investor(id: string, fields: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id,
    investment_account: { display_name: `Investor ${id}`, tax_id: "***-**-1234" },
    primary_contact: { email: `${id}@Example.com`, full_name: `Person ${id}` },
    commitment_amount: "1000.00",
    contributed_amount: 500,
    ...fields,
  };
}

export const at = (iso: string) => new Date(iso);

/** Keeps one investor list of a fund, read at `readAt` (ISO), with no fund record and no tax keys. */
export function keepList(
  store: StoreConnection,
  fundId: string,
  digest: string,
  readAt: string,
  investors: Record<string, unknown>[],
) {
  const kept = investors.map((record) => ({ record, taxKey: null }));
  return recordInvestorList({ fundId, digest, readAt: at(readAt), fund: null, investors: kept }, store);
}

/**
 * A store of the driver's, opened before the suite and disposed after it, with a shorthand for keeping a list in it:
 * what every per-driver suite of kept reads sets up.
 */
export function suiteStore(driver: TestDriver) {
  let store: StoreConnection;
  let dispose: () => Promise<void> = async () => {};
  beforeAll(async () => {
    ({ store, dispose } = await testStore(driver));
    await store.open();
  }, 60_000);
  afterAll(() => dispose());
  return {
    store: () => store,
    list: (fundId: string, digest: string, readAt: string, investors: Record<string, unknown>[]) =>
      keepList(store, fundId, digest, readAt, investors),
  };
}

/** An audit row's fields: a reveal in Northwind's fund f1 unless told otherwise. */
export const auditRow = (overrides: Partial<AuditEventFields> = {}): AuditEventFields => ({
  actor: "ops@example.com",
  method: "local",
  action: "reveal",
  outcome: "allowed",
  source: "default",
  organization: "Northwind",
  fundId: "f1",
  investorId: null,
  requestId: "r1",
  clientAddress: "127.0.0.1",
  detail: "tax_id",
  ...overrides,
});

/** Capital outstanding over a whole scope on the tests' day, nothing filtered, with `more` on top. */
export const outstandingView = (scope: StoreScope, more: Partial<OutstandingView> = {}): OutstandingView => ({
  scope,
  sort: null,
  fundKey: null,
  overdue: false,
  today: "2026-06-01",
  since: "2026-01-01T00:00:00Z",
  paid: null,
  followUp: null,
  ...more,
});
