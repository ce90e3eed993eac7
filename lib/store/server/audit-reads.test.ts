import { describe, expect, it } from "vitest";
import { can } from "@/lib/access/policy";
import { everything, parseScope, scopeKey } from "@/lib/access/scope";
import type { Access, Scope } from "@/lib/access/types";
import { appendAuditEvent } from "./audit";
import type { AuditEvent } from "./audit-chain";
import { type AuditFilter, auditEventBatches, auditEventsPage } from "./audit-reads";
import { auditRow, suiteStore, type TestDriver } from "./test-stores";

const anyRow: AuditFilter = { person: "", action: null, fundId: null, investorId: null, from: null, to: null };
const admin = (scope: Scope): Access => ({ role: "admin", scope, scopeKey: scopeKey(scope), grantedBy: "test" });
const resourceOf = (row: AuditEvent) =>
  row.source === null ? null : { source: row.source, organization: row.organization };

describe.each<[TestDriver]>([["pglite"], ["postgres"]])("reading the audit trail on %s", (driver) => {
  const suite = suiteStore(driver);
  const day = (iso: string) => new Date(`${iso}T12:00:00Z`);

  it("shows an admin the rows of their scope, newest first, as the policy decides them", async () => {
    const store = suite.store();
    const places: [string | null, string | null][] = [
      [null, null],
      ["default", "Northwind Partners"],
      ["default", null],
      ["other", "Northwind Partners"],
      ["default", "Acme"],
      ["default", " northwind partners "],
    ];
    for (const [source, organization] of places)
      await appendAuditEvent(auditRow({ source, organization, detail: `${source}/${organization}` }), store);
    const scopes: Scope[] = [
      everything,
      parseScope(["Northwind Partners"], ["default", "other"]),
      parseScope(["default/*"], ["default", "other"]),
      parseScope(["default/Acme", "other/*"], ["default", "other"]),
      { all: false, entries: [] },
    ];
    const every = await auditEventsPage(
      { filter: anyRow, scope: everything, offset: 0, limit: 100, upTo: null },
      store,
    );
    expect(every.rows.map((row) => row.id)).toEqual(every.rows.map((row) => row.id).sort((a, b) => b - a));
    for (const scope of scopes) {
      const page = await auditEventsPage({ filter: anyRow, scope, offset: 0, limit: 100, upTo: null }, store);
      const expected = every.rows.filter((row) => can(admin(scope), "audit.read", resourceOf(row)));
      expect(
        page.rows.map((row) => row.detail),
        JSON.stringify(scope),
      ).toEqual(expected.map((row) => row.detail));
      expect(page.total).toBe(expected.length);
    }
  });

  it("filters by person, action, fund, investor and days, and pages from the rows the first page saw", async () => {
    const store = suite.store();
    const write = (at: string, fields: Parameters<typeof auditRow>[0]) =>
      appendAuditEvent(auditRow(fields), store, day(at));
    await write("2026-03-01", { actor: "Ana@Example.com", action: "sign_in", fundId: null, detail: "march" });
    await write("2026-03-02", { actor: "ana@example.com", fundId: "f9", investorId: "i1", detail: "reveal i1" });
    await write("2026-03-03", { actor: "bo@example.com", action: "sensitive_export", fundId: "f9", detail: "file" });
    await write("2026-03-04", { actor: "ana@example.com", fundId: "f9", investorId: "i2", detail: "reveal i2" });
    const details = async (filter: Partial<AuditFilter>) =>
      (
        await auditEventsPage(
          { filter: { ...anyRow, ...filter }, scope: everything, offset: 0, limit: 100, upTo: null },
          store,
        )
      ).rows.map((row) => row.detail);
    expect(await details({ person: "ANA@", from: "2026-03-01", to: "2026-03-04" })).toEqual([
      "reveal i2",
      "reveal i1",
      "march",
    ]);
    expect(await details({ action: "sensitive_export" })).toEqual(["file"]);
    expect(await details({ fundId: "f9", investorId: "i1" })).toEqual(["reveal i1"]);
    expect(await details({ from: "2026-03-02", to: "2026-03-03" })).toEqual(["file", "reveal i1"]);

    const filter = { ...anyRow, person: "ana" };
    const first = await auditEventsPage({ filter, scope: everything, offset: 0, limit: 2, upTo: null }, store);
    await write("2026-03-05", { actor: "ana@example.com", detail: "after the first page" });
    const second = await auditEventsPage({ filter, scope: everything, offset: 2, limit: 2, upTo: first.upTo }, store);
    expect([...first.rows, ...second.rows].map((row) => row.detail)).toEqual(["reveal i2", "reveal i1", "march"]);
    expect(second.matched).toBe(3);

    const batches = [];
    for await (const batch of auditEventBatches(filter, everything, store, 2)) batches.push(batch.map((r) => r.detail));
    expect(batches).toEqual([
      ["after the first page", "reveal i2"],
      ["reveal i1", "march"],
    ]);
  });
});
