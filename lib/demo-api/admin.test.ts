import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { plantedDifferences } from "./planted-differences";
import { startDemoApi, type DemoApi } from "./server";
import { familyOfficePair, sharedIdentities } from "./shared-identities";

let api: DemoApi;

beforeAll(async () => {
  api = await startDemoApi({ admin: true });
});
afterAll(() => api.close());

describe("GET /__demo/planted", () => {
  it("reports the planted differences, the family office pair and identities in three or more funds", async () => {
    const response = await fetch(`${api.url}/__demo/planted`);
    expect(response.status).toBe(200);
    const report = (await response.json()) as {
      differences: unknown;
      familyOffice: unknown;
      sharedIdentities: { fundIds: string[] }[];
    };
    expect(report.differences).toEqual(plantedDifferences(api.store));
    expect(report.familyOffice).toEqual(familyOfficePair(api.store));
    expect(report.sharedIdentities).toEqual(sharedIdentities(api.store, { minFunds: 3, limit: 20 }));
    expect(report.sharedIdentities).toHaveLength(20);
    expect(report.sharedIdentities.every((identity) => identity.fundIds.length >= 3)).toBe(true);
  });

  it("answers only GET, and only with admin enabled", async () => {
    expect((await fetch(`${api.url}/__demo/planted`, { method: "POST" })).status).toBe(405);
    const plain = await startDemoApi({ fundCount: 1 });
    try {
      expect((await fetch(`${plain.url}/__demo/planted`)).status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

describe("POST /__demo/control with a bump", () => {
  const post = (body: unknown) => fetch(`${api.url}/__demo/control`, { method: "POST", body: JSON.stringify(body) });

  it("adds an exact amount to one investor's field, in the list and the investor alike", async () => {
    const fund = api.store.funds[3]!;
    const [first] = api.store.listInvestors(fund.id)!;
    const before = first!.contributed_amount;
    const bump = { fundId: fund.id, investorId: first!.id, field: "contributed_amount", amount: "10000.00" };
    const response = await post({ bump });
    expect(response.status).toBe(200);
    const { value } = (await response.json()) as { value: string };
    expect(value).not.toBe(before);
    expect(api.store.getInvestor(fund.id, first!.id)?.contributed_amount).toBe(value);
    const listed = JSON.parse(api.store.investorPage(fund.id)!.body.toString("utf8")) as { id: string }[];
    expect((listed[0] as unknown as Record<string, unknown>).contributed_amount).toBe(value);
    // Taken back, the value is the generated one again.
    await post({ bump: { ...bump, amount: "-10000.00" } });
    expect(api.store.getInvestor(fund.id, first!.id)?.contributed_amount).toBe(before);
  });

  it("refuses an unknown investor, a field that is no amount and a malformed amount", async () => {
    const fund = api.store.funds[3]!;
    const investorId = api.store.listInvestors(fund.id)![0]!.id;
    const bump = { fundId: fund.id, investorId, field: "contributed_amount", amount: "1.00" };
    expect((await post({ bump: { ...bump, investorId: "nobody" } })).status).toBe(400);
    expect((await post({ bump: { ...bump, field: "id" } })).status).toBe(400);
    expect((await post({ bump: { ...bump, amount: "1e3" } })).status).toBe(400);
    expect((await post({ bump: { ...bump, extra: 1 } })).status).toBe(400);
  });
});
