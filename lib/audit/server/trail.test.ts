import { parse } from "csv-parse/sync";
import { afterEach, describe, expect, it, vi } from "vitest";
import { parseScope } from "@/lib/access/scope";
import { csvFormat } from "@/lib/csv/stream";
import { appendAuditEvent } from "@/lib/store/server";
import { testPrincipal } from "@/lib/testing/principal";
import { auditTestState, auditTestStore } from "./audit-test-store";
import { auditExport } from "./export";
import { auditPage } from "./trail";
import { eventually } from "@/lib/testing/eventually";

// Imported in the factory: the mock is made before this file's own imports are.
vi.mock("@/lib/store/server", async (importOriginal) =>
  (await import("@/lib/audit/server/audit-test-store")).auditStoreMock(await importOriginal()),
);

const view = { person: "", action: null, fund: null, investor: null, from: null, to: null };
const asked = () => new Request("http://dash.test/api/audit");
const northwindAdmin = testPrincipal({
  email: "ada@example.com",
  role: "admin",
  scope: parseScope(["Northwind"], ["default"]),
});
const everythingAdmin = testPrincipal({ email: "root@example.com", role: "admin" });

describe("the audit trail as /audit reads it", () => {
  const rows = auditTestStore();
  afterEach(() => void (auditTestState.down = null));
  const row = (organization: string | null, detail: string) => ({
    actor: "olive@example.com",
    method: "local",
    action: "reveal",
    outcome: "allowed",
    source: organization === null ? null : "default",
    organization,
    fundId: organization === null ? null : "f1",
    investorId: null,
    requestId: null,
    clientAddress: null,
    detail,
  });

  it("answers anyone but an admin as an unknown route, and keeps the look as a refused row", async () => {
    const ops = testPrincipal({ email: "olive@example.com", role: "ops" });
    const page = { offset: 0, limit: 10, version: null };
    await expect(auditPage(ops, asked(), view, page)).rejects.toMatchObject({
      status: 404,
      message: "No such API route.",
    });
    await eventually(async () =>
      expect((await rows()).at(-1)).toMatchObject({ actor: ops.email, action: "audit_view", outcome: "refused" }),
    );
  });

  it("shows an admin the rows of their scope, newest first, and its file holds the same rows", async () => {
    for (const [organization, detail] of [
      ["Northwind", "first"],
      ["Acme", "elsewhere"],
      [null, "about no fund"],
      ["Northwind", "second"],
    ] as const)
      await appendAuditEvent(row(organization, detail));
    const page = await auditPage(northwindAdmin, asked(), view, { offset: 0, limit: 10, version: null });
    expect(page.rows.map((shown) => shown.detail)).toEqual(["second", "first"]);
    expect(page).toMatchObject({ matched: 2, total: 2, offset: 0 });
    expect(page.rows[0]).toMatchObject({ organization: "Northwind", at: expect.stringMatching(/Z$/) });

    const response = await auditExport(asked(), { ...view, action: "reveal", bom: false }, northwindAdmin, csvFormat);
    const [header, ...records] = parse(await response.text()) as string[][];
    expect(header!.slice(0, 4)).toEqual(["id", "at", "actor", "action"]);
    expect(records.map((record) => record[header!.indexOf("detail")])).toEqual(["second", "first"]);
    expect(response.headers.get("Content-Disposition")).toMatch(/filename="audit-\d{4}-\d{2}-\d{2}\.csv"/);

    // Each look (the page, the file) is a row; an admin of everything sees those too, with every fund's rows.
    await eventually(async () => {
      const looks = { ...view, action: "audit_view" as const };
      const all = await auditPage(everythingAdmin, asked(), looks, { offset: 0, limit: 50, version: null });
      expect(all.rows.map((look) => look.detail)).toEqual(
        expect.arrayContaining(["page: every row", "file .csv: ?action=reveal"]),
      );
    });
  });
});
