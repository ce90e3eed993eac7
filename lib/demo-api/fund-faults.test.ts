import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { defaultDemoConfig, resolveDemoConfig } from "./config";
import { startDemoApi, type DemoApi } from "./server";

let api: DemoApi;

function get(path: string, timeoutMs = 5_000): Promise<Response> {
  return fetch(`${api.url}/customerapi${path}`, {
    headers: { Authorization: `Bearer ${api.token}` },
    signal: AbortSignal.timeout(timeoutMs),
  });
}

function control(body: unknown): Promise<Response> {
  return fetch(`${api.url}/__demo/control`, { method: "POST", body: JSON.stringify(body) });
}

const fundId = (index: number): string => api.store.funds[index]!.id;

beforeAll(async () => {
  api = await startDemoApi({
    fundCount: 4,
    fundSizes: [3, 4, 5, 6],
    admin: true,
    faultyFunds: [
      { index: 1, kind: "error" },
      { index: 2, kind: "malformed" },
      { index: 3, kind: "hang" },
    ],
  });
});
afterEach(() => {
  api.controls.set({ fundFaults: { [fundId(0)]: null } });
});
afterAll(() => api.close());

describe("per-fund faults from the config", () => {
  it("fails only the chosen funds' investor lists, each in its own way", async () => {
    const healthy = await get(`/funds/${fundId(0)}/investors`);
    expect(healthy.status).toBe(200);
    expect(await healthy.json()).toHaveLength(3);

    const failed = await get(`/funds/${fundId(1)}/investors`);
    expect(failed.status).toBe(500);
    expect(await failed.json()).toEqual({ error: "Internal server error" });

    const malformed = await get(`/funds/${fundId(2)}/investors`);
    expect(malformed.status).toBe(200);
    const text = await malformed.text();
    expect(text.startsWith("[{")).toBe(true);
    expect(() => JSON.parse(text)).toThrow();

    await expect(get(`/funds/${fundId(3)}/investors`, 200)).rejects.toThrow();
    expect(api.controls.stats().faults).toMatchObject({ "fund-error": 1, "fund-malformed": 1, "fund-hang": 1 });
  });

  it("keeps the fund list, the faulty funds themselves and their single investors healthy", async () => {
    const funds = await get("/funds");
    expect(funds.status).toBe(200);
    expect(await funds.json()).toHaveLength(4);
    for (const index of [1, 2, 3]) {
      expect((await get(`/funds/${fundId(index)}`)).status).toBe(200);
      const investor = api.store.listInvestors(fundId(index))![0]!;
      expect(await (await get(`/funds/${fundId(index)}/investors/${investor.id}`)).json()).toEqual(investor);
    }
  });

  it("reports the faulty funds by id in the control state", () => {
    expect(api.controls.get().fundFaults).toEqual({
      [fundId(1)]: "error",
      [fundId(2)]: "malformed",
      [fundId(3)]: "hang",
    });
  });
});

describe("per-fund faults through POST /__demo/control", () => {
  it("sets and lifts one fund's fault without touching the others", async () => {
    const set = await control({ fundFaults: { [fundId(0)]: "error" } });
    expect(set.status).toBe(200);
    expect(((await set.json()) as { fundFaults: Record<string, string> }).fundFaults[fundId(0)]).toBe("error");
    expect((await get(`/funds/${fundId(0)}/investors`)).status).toBe(500);

    await control({ fundFaults: { [fundId(0)]: "malformed" } });
    await expect((await get(`/funds/${fundId(0)}/investors`)).json()).rejects.toThrow();

    await control({ fundFaults: { [fundId(0)]: null } });
    expect((await get(`/funds/${fundId(0)}/investors`)).status).toBe(200);
    expect((await get(`/funds/${fundId(1)}/investors`)).status).toBe(500);
  });

  it("refuses unknown funds, unknown kinds and non-object values with 400", async () => {
    const bad = [
      { fundFaults: { "00000000-0000-4000-8000-000000000000": "error" } },
      { fundFaults: { [fundId(0)]: "slow" } },
      { fundFaults: { [fundId(0)]: 1 } },
      { fundFaults: [fundId(0)] },
      { fundFaults: { "": "error" } },
    ];
    for (const body of bad) {
      const response = await control(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(((await response.json()) as { error: string }).error).toMatch(/fundFaults/);
    }
    expect(api.controls.get().fundFaults[fundId(0)]).toBeUndefined();
  });
});

describe("per-fund faults on reset and in the defaults", () => {
  it("are cleared by /__demo/reset, config ones included", async () => {
    const other = await startDemoApi({
      fundCount: 2,
      fundSizes: [1, 1],
      admin: true,
      faultyFunds: [{ index: 0, kind: "error" }],
    });
    try {
      const url = `${other.url}/customerapi/funds/${other.store.funds[0]!.id}/investors`;
      const headers = { Authorization: `Bearer ${other.token}` };
      expect((await fetch(url, { headers })).status).toBe(500);
      await fetch(`${other.url}/__demo/reset`, { method: "POST" });
      expect((await fetch(url, { headers })).status).toBe(200);
      expect(other.controls.get().fundFaults).toEqual({});
    } finally {
      await other.close();
    }
  });

  it("the embedded default has one 5xx and one malformed fund past index 2, the resolved default none", () => {
    const faulty = defaultDemoConfig().faultyFunds;
    expect(faulty.map((f) => f.kind).sort()).toEqual(["error", "malformed"]);
    expect(faulty.every((f) => f.index > 2 && f.index < defaultDemoConfig().fundCount)).toBe(true);
    expect(resolveDemoConfig().faultyFunds).toEqual([]);
    expect(resolveDemoConfig(defaultDemoConfig()).faultyFunds).toEqual(faulty);
  });

  it("rejects faulty funds out of range, listed twice or of an unknown kind", () => {
    expect(() => resolveDemoConfig({ fundCount: 3, faultyFunds: [{ index: 3, kind: "error" }] })).toThrow(RangeError);
    expect(() =>
      resolveDemoConfig({
        faultyFunds: [
          { index: 4, kind: "error" },
          { index: 4, kind: "hang" },
        ],
      }),
    ).toThrow(/twice/);
    expect(() => resolveDemoConfig({ faultyFunds: [{ index: 4, kind: "slow" as "hang" }] })).toThrow(RangeError);
  });
});
