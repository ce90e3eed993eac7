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
