import { beforeEach, describe, expect, it, vi } from "vitest";
import { runWithRequestContext } from "../http/request-context";
import { testPrincipal } from "../testing/principal";

// A fund's access is decided once per request: a fund's rows ask for it at each layer (the list, the record, the
// read), and the first decision answers them all. Counted by the policy's decisions and the upstream's answers.

const decisions = vi.hoisted(() => ({ can: 0, getFund: 0 }));
vi.mock("../access/policy", async (original) => {
  const real = await original<typeof import("../access/policy")>();
  return { ...real, can: (...args: Parameters<typeof real.can>) => ((decisions.can += 1), real.can(...args)) };
});
const fundId = "00000000-0000-4000-8000-000000000001";
vi.mock("../customer-api", () => ({
  getFund: async () => ((decisions.getFund += 1), { id: fundId, organization_name: "North" }),
}));
vi.mock("../customer-api/sources", () => ({ sourceNames: () => ["default"], singleSource: () => true }));
vi.mock("../customer-api/upstream", () => ({ getUpstream: async () => ({ fingerprint: "fp" }) }));
vi.mock("./catalog-seed", () => ({ seedCatalog: async () => 0 }));

const { fundAccess } = await import("./fund-access");
const { unlistFund } = await import("./catalog");

describe("a fund's access", () => {
  beforeEach(() => {
    decisions.can = 0;
    decisions.getFund = 0;
    unlistFund("default", fundId);
  });

  it("is decided once in a request, however many layers ask", async () => {
    const person = testPrincipal();
    const { result } = runWithRequestContext(() =>
      Promise.all([1, 2, 3].map(() => fundAccess(person, fundId, "fund.read"))),
    );
    const answers = await result;
    expect(answers.map((access) => access.storeKey)).toEqual(["fp:" + fundId, "fp:" + fundId, "fp:" + fundId]);
    expect(decisions).toEqual({ can: 2, getFund: 1 });
  });

  it("is decided again in another request, and for another action or person", async () => {
    const person = testPrincipal();
    await runWithRequestContext(() => fundAccess(person, fundId, "fund.read")).result;
    await runWithRequestContext(() => fundAccess(person, fundId, "fund.read")).result;
    expect(decisions.can).toBe(4);
    await runWithRequestContext(() =>
      Promise.all([
        fundAccess(person, fundId, "fund.read"),
        fundAccess(person, fundId, "secret.reveal"),
        fundAccess(testPrincipal({ email: "other@example.com", role: "viewer" }), fundId, "fund.read"),
      ]),
    ).result;
    expect(decisions.can).toBe(10);
  });
});
