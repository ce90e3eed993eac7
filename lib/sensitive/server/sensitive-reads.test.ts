import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { auditTestState, auditTestStore } from "@/lib/audit/server/audit-test-store";
import { exportHooks } from "@/lib/csv/server/export-response";
import { getFundSecret } from "@/lib/data/funds";
import { getInvestorSecret } from "@/lib/data/investors";
import { authorizeFund } from "@/lib/data/authorize";
import { clientAddressHeader, requestIdHeader } from "@/lib/http/security-headers.mjs";
import { testPrincipal } from "@/lib/testing/principal";
import { revealFundSecret, revealInvestorSecret } from "./sensitive-reads";
import { eventually } from "@/lib/testing/eventually";

// Imported in the factory: the mock is made before this file's own imports are.
vi.mock("@/lib/store/server", async (importOriginal) =>
  (await import("@/lib/audit/server/audit-test-store")).auditStoreMock(await importOriginal()),
);
vi.mock("@/lib/data/funds", () => ({ getFundSecret: vi.fn() }));
vi.mock("@/lib/data/investors", () => ({ getInvestorSecret: vi.fn() }));
// The policy on two funds as lib/data decides it: Northwind's, and one nobody may know of.
vi.mock("@/lib/data/authorize", async () => {
  const { can } = await import("@/lib/access/policy");
  const { Forbidden } = await import("@/lib/http/errors");
  const { CustomerApiError, messages } = await import("@/lib/customer-api/errors");
  const funds: Record<string, { source: string; organization: string | null }> = {
    north: { source: "default", organization: "Northwind" },
  };
  return {
    authorizeFund: vi.fn(async (principal, action, fundId: string) => {
      const fund = funds[fundId];
      if (!fund || !can(principal, "fund.read", fund))
        throw new CustomerApiError("fund_not_found", messages.fundNotFound, 404);
      if (!can(principal, action, fund)) throw new Forbidden("Your role does not allow revealing tax ids.");
      return fund;
    }),
  };
});

const taxId = "123-45-6789";
const ops = testPrincipal({ email: "olive@example.com", role: "ops" });
const viewer = testPrincipal({ email: "vera@example.com", role: "viewer" });

function request(site = "same-origin") {
  const id = randomUUID();
  const headers = { "sec-fetch-site": site, [requestIdHeader]: id, [clientAddressHeader]: "10.0.0.7" };
  return { id, request: new Request("http://dash.test/api/funds/north/sensitive?field=tax_id", { headers }) };
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: Error & { status?: number }) => error,
  );

describe("sensitive reads in the audit trail", () => {
  const rows = auditTestStore();
  let before: number;
  beforeEach(async () => {
    before = (await rows()).length;
    vi.mocked(getFundSecret).mockReset();
  });
  afterEach(() => void (auditTestState.down = null));
  const written = async () => (await rows()).slice(before);
  // Refusals and ends are written quietly, without holding up the answer.
  const settled = async (count: number) => {
    await eventually(async () => expect(await written()).toHaveLength(count));
    return written();
  };

  it("records a reveal before the value is read: who, how, where from, which fund and field, never the value", async () => {
    let rowsWhenRead = -1;
    vi.mocked(getFundSecret).mockImplementation(async () => {
      rowsWhenRead = (await written()).length;
      return taxId;
    });
    const { id, request: asked } = request();
    expect(await revealFundSecret(asked, "north", "tax_id", ops)).toEqual({ field: "tax_id", value: taxId });
    expect(rowsWhenRead).toBe(1);
    const [row] = await written();
    expect(row).toMatchObject({
      actor: "olive@example.com",
      method: "local",
      action: "reveal",
      outcome: "allowed",
      source: "default",
      organization: "Northwind",
      fundId: "north",
      investorId: null,
      requestId: id,
      clientAddress: "10.0.0.7",
      detail: "tax_id",
    });
    expect(JSON.stringify(await rows())).not.toContain(taxId);
  });

  it("refuses the reveal (503, nothing read) when the trail cannot take its row", async () => {
    auditTestState.down = "the store is not open";
    const refused = await failure(revealFundSecret(request().request, "north", "tax_id", ops));
    expect(refused).toMatchObject({ status: 503 });
    expect(refused?.message).toMatch(/^The audit trail cannot record this now, so nothing was revealed/);
    expect(getFundSecret).not.toHaveBeenCalled();
  });

  it("writes a refused row for a viewer (403), an unknown fund (404) and another site (403)", async () => {
    const { id, request: asked } = request();
    expect(await failure(revealFundSecret(asked, "north", "tax_id", viewer))).toMatchObject({ status: 403 });
    expect(await failure(revealInvestorSecret(request().request, "ghost", "i1", "iban" as never, ops))).toMatchObject({
      status: 404,
    });
    vi.mocked(authorizeFund).mockClear();
    const crossSite = await failure(revealFundSecret(request("cross-site").request, "north", "tax_id", ops));
    expect(crossSite).toMatchObject({ status: 403 });
    expect(authorizeFund).not.toHaveBeenCalled();
    expect(getFundSecret).not.toHaveBeenCalled();
    expect(getInvestorSecret).not.toHaveBeenCalled();
    const refusals = await settled(3);
    const byRole = refusals.find((row) => row.actor === viewer.email);
    const unknown = refusals.find((row) => row.fundId === "ghost");
    const otherSite = refusals.find((row) => row.action === "reveal");
    expect(byRole).toMatchObject({
      actor: "vera@example.com",
      action: "policy_refusal",
      outcome: "refused",
      organization: "Northwind",
      fundId: "north",
      requestId: id,
      detail: "tax_id: secret.reveal refused to role viewer",
    });
    // Named only by what was asked, without a source or organization: only admins of everything read it.
    expect(unknown).toMatchObject({ action: "policy_refusal", source: null, organization: null, fundId: "ghost" });
    expect(unknown!.investorId).toBe("i1");
    expect(otherSite).toMatchObject({ action: "reveal", outcome: "refused", organization: null, fundId: "north" });
    expect(otherSite!.detail).toBe("tax_id: asked for by another site");
  });

  it("audits a sensitive export from before its first byte to its end; refuses it when the trail cannot record it", async () => {
    const hooks = await exportHooks(request().request, true, "north-investors.csv", "north", ops);
    expect(await written()).toEqual([
      expect.objectContaining({ action: "sensitive_export", outcome: "allowed", organization: "Northwind" }),
    ]);
    hooks.onCancel(120);
    expect((await settled(2))[1]).toMatchObject({ outcome: "cancelled", detail: "north-investors.csv: 120 rows" });

    auditTestState.down = "the store is not open";
    const refused = await failure(exportHooks(request().request, true, "funds.csv", null, ops));
    expect(refused?.message).toMatch(/so the file was not sent/);
    auditTestState.down = null;
    // The refused export gave its place back: the person may start others.
    for (let i = 0; i < 3; i++) (await exportHooks(request().request, false, "funds.csv", null, ops)).onDone(1);
  });

  it("refuses a viewer a file of every fund with full values, and records the refusal", async () => {
    expect(await failure(exportHooks(request().request, true, "funds.csv", null, viewer))).toMatchObject({
      status: 403,
    });
    expect(await settled(1)).toEqual([
      expect.objectContaining({ action: "policy_refusal", fundId: null, detail: expect.stringMatching(/^funds.csv/) }),
    ]);
  });
});
