import "server-only";
import { afterAll, beforeAll, vi } from "vitest";
import { everything } from "@/lib/access/scope";
import type { StoreConnection } from "@/lib/store/server";
import { testStore } from "@/lib/store/server/test-stores";

// The audit trail of a test: a database of its own in the unit run's PostgreSQL, and a switch that makes the store
// refuse every write (as a store that is down does). Call auditStoreMock() from vi.mock of "@/lib/store/server".

export const auditTestState = { store: null as StoreConnection | null, down: null as string | null };

type Store = typeof import("@/lib/store/server");

/** The store module with the audit trail's writes and reads on the test's store; writes refused while `down`. */
export async function auditStoreMock(real: Store) {
  return {
    ...real,
    appendAuditEvent: (fields: Parameters<Store["appendAuditEvent"]>[0]) =>
      auditTestState.down !== null
        ? Promise.reject(new real.StoreUnavailable(auditTestState.down))
        : real.appendAuditEvent(fields, auditTestState.store!),
    auditEventsPage: (input: Parameters<Store["auditEventsPage"]>[0]) =>
      real.auditEventsPage(input, auditTestState.store!),
    auditEventBatches: (
      filter: Parameters<Store["auditEventBatches"]>[0],
      scope: Parameters<Store["auditEventBatches"]>[1],
    ) => real.auditEventBatches(filter, scope, auditTestState.store!),
  };
}

/** Opens the test's store before the suite and closes it after; the rows written so far, oldest first. */
export function auditTestStore() {
  let dispose = async () => {};
  beforeAll(async () => {
    const made = await testStore("postgres");
    auditTestState.store = made.store;
    dispose = made.dispose;
  }, 60_000);
  afterAll(() => dispose());
  return async () => {
    const { auditEventsPage } = await vi.importActual<typeof import("@/lib/store/server")>("@/lib/store/server");
    const filter = { person: "", action: null, fundId: null, investorId: null, from: null, to: null };
    const page = await auditEventsPage(
      { filter, scope: everything, offset: 0, limit: 500, upTo: null },
      auditTestState.store!,
    );
    return page.rows.reverse();
  };
}
