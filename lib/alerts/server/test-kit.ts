import "server-only";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Big from "big.js";
import { testDatabase, type TestDriver } from "../../store/server/test-stores";
import { endProcess, freshProcess } from "../../testing/fresh-process";
import { sumDecimals } from "../../values/decimal";
import type { RawValue } from "../../values/raw-value";
import { pgliteFolder } from "@/lib/testing/pglite-folder";

// Alerts' unit tests: a users file, records, and a "process" (fresh modules) on a store of each driver. The SMTP server
// and the webhook receiver are lib/testing/alerts-parts.ts, shared with the e2e journey.

export { smtpInbox, webhookReceiver } from "../../testing/alerts-parts";

export interface TestUser {
  email: string;
  role?: "viewer" | "ops" | "admin";
  scopes?: string[];
}

/** A users file (argon2id hash shape; nobody signs in with it here). */
export function writeUsers(file: string, users: readonly TestUser[]): void {
  const hash = "$argon2id$v=19$m=65536,t=3,p=4$c29tZXNhbHQ$aGFzaGhhc2hoYXNoaGFzaA";
  writeFileSync(file, JSON.stringify(users.map((user) => ({ passwordHash: hash, ...user }))));
}

/** A folder and environment for a "process" on a store of this driver, with local users, SMTP and a receiver. */
export async function alertsEnvironment(driver: TestDriver, extra: Record<string, string | undefined> = {}) {
  const folder = mkdtempSync(join(tmpdir(), "fe-alerts-"));
  const usersFile = join(folder, "users.json");
  const env: Record<string, string | undefined> = {
    CUSTOMER_API_BASE_URL: "http://127.0.0.1:9",
    CUSTOMER_API_TOKEN: "alerts-test-token",
    CUSTOMER_API_SOURCES_FILE: undefined,
    DASHBOARD_AUTH: "local",
    DASHBOARD_USERS_FILE: usersFile,
    DASHBOARD_SESSION_SECRET: "s".repeat(40),
    DASHBOARD_REVOKED_USERS_FILE: join(folder, "revoked.json"),
    DASHBOARD_PUBLIC_URL: "https://dash.example.com",
    DATABASE_DIR: driver === "pglite" ? pgliteFolder(folder) : join(folder, "db"),
    DATABASE_URL: driver === "postgres" ? await testDatabase() : undefined,
    DIRECTORY_MATCH_SECRET: "k".repeat(40),
    ALERTS_SECRET_KEY: "a".repeat(40),
    REDIS_URL: undefined,
    ...extra,
  };
  return {
    folder,
    usersFile,
    env,
    dispose: async () => {
      await endProcess();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** The modules of a process using alerts. */
export const alertsModules = async () => ({
  store: await import("../../store/server"),
  alertsStore: await import("../../store/server/alerts"),
  writes: await import("../../store/server/writes"),
  sources: await import("../../data/sources"),
  catalog: await import("../../data/catalog"),
  events: await import("./events"),
  worker: await import("./worker"),
  subscriptions: await import("./subscriptions"),
  people: await import("./people"),
  revocation: await import("../../auth/revocation"),
});

export type AlertsProcess = Awaited<ReturnType<typeof alertsModules>>;

/** A fresh "process" with this environment. */
export function alertsProcess(env: Record<string, string | undefined>): Promise<AlertsProcess> {
  return freshProcess(env, alertsModules);
}

/** A fund's investor record as the API gives it (masked), with amounts as strings. */
export function investorRecord(id: string, fields: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id,
    investment_account: { display_name: `Investor ${id}`, tax_id: "***-**-1234", account_number: "****5678" },
    primary_contact: { email: `${id}@example.com`, full_name: `Person ${id}` },
    commitment_amount: "1000.00",
    contributed_amount: "500.00",
    total_received: "1000.00",
    total_capital_due: "1000.00",
    unfunded_commitment_amount: "500.00",
    ownership_percent: "50",
    ...fields,
  };
}

/** A fund's own record with figures that tie out to `investors` (a due date in the past: capital owed is overdue). */
export function fundRecord(
  id: string,
  investors: readonly Record<string, unknown>[],
  fields: Record<string, unknown> = {},
): Record<string, unknown> {
  const sum = (key: string) =>
    new Big(sumDecimals(investors.map((investor) => investor[key] as RawValue)) ?? 0).toFixed(2);
  return {
    id,
    legal_entity: { display_name: `Fund ${id.slice(0, 4)}`, legal_name: `Fund ${id} LP` },
    organization_name: "Northwind Partners",
    investor_count: investors.length,
    total_commitments: sum("commitment_amount"),
    total_contributed: sum("contributed_amount"),
    total_received: sum("total_received"),
    calculation_method: "contribution",
    capital_due_date: "2020-01-15",
    ...fields,
  };
}
