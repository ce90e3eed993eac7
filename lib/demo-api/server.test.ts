import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDemoApi, type DemoApi } from "./server";
import type { DemoFund, DemoInvestor } from "./types";

let api: DemoApi;
const UNKNOWN = "00000000-0000-4000-8000-000000000000";

function get(path: string, auth: string | null = `Bearer ${api.token}`, init: RequestInit = {}): Promise<Response> {
  const headers: Record<string, string> = auth === null ? {} : { Authorization: auth };
  return fetch(`${api.url}${path}`, { ...init, headers });
}

async function expectError(response: Response, status: number, error: string): Promise<void> {
  expect(response.status).toBe(status);
  expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
  expect(await response.json()).toEqual({ error });
}

beforeAll(async () => {
  api = await startDemoApi({ fundCount: 6, fundSizes: [4, 0] });
});
afterAll(() => api.close());

describe("HTTP contract", () => {
  it("binds loopback on a random port and generates a JWT-shaped token", () => {
    expect(api.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(api.tokenGenerated).toBe(true);
    expect(api.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });

  it("answers 401 Bad token without, or with a wrong, token", async () => {
    await expectError(await get("/customerapi/funds", null), 401, "Bad token");
    await expectError(await get("/customerapi/funds", "Bearer nope"), 401, "Bad token");
    await expectError(await get("/customerapi/funds", `Basic ${api.token}`), 401, "Bad token");
    await expectError(await get(`/customerapi/funds/${UNKNOWN}`, null), 401, "Bad token");
  });

  it("lists funds as a plain array, with either case of the scheme word", async () => {
    for (const scheme of ["Bearer", "bearer"]) {
      const response = await get("/customerapi/funds", `${scheme} ${api.token}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
      const funds = (await response.json()) as DemoFund[];
      expect(Array.isArray(funds)).toBe(true);
      expect(funds).toHaveLength(6);
    }
  });

  it("serves a single fund, its investors and a single investor", async () => {
    const fund = api.store.funds[0]!;
    expect(await (await get(`/customerapi/funds/${fund.id}`)).json()).toEqual(fund);
    const investors = (await (await get(`/customerapi/funds/${fund.id}/investors`)).json()) as DemoInvestor[];
    expect(investors).toHaveLength(4);
    const one = await get(`/customerapi/funds/${fund.id}/investors/${investors[2]!.id}`);
    expect(await one.json()).toEqual(investors[2]);
    const empty = api.store.funds[1]!;
    expect(await (await get(`/customerapi/funds/${empty.id}/investors`)).json()).toEqual([]);
  });

  it("answers 404 Fund not available for unknown funds, Not Found for unknown investors and paths", async () => {
    await expectError(await get(`/customerapi/funds/${UNKNOWN}`), 404, "Fund not available");
    await expectError(await get(`/customerapi/funds/${UNKNOWN}/investors`), 404, "Fund not available");
    const fund = api.store.funds[0]!;
    await expectError(await get(`/customerapi/funds/${fund.id}/investors/${UNKNOWN}`), 404, "Not Found");
    await expectError(await get(`/customerapi/funds/${fund.id}/other`), 404, "Not Found");
    await expectError(await get("/customerapi/investors"), 404, "Not Found");
    await expectError(await get("/elsewhere"), 404, "Not Found");
  });

  it("answers 405 to anything but GET", async () => {
    const response = await get("/customerapi/funds", `Bearer ${api.token}`, { method: "POST", body: "{}" });
    await expectError(response, 405, "Method not allowed");
  });

  it("has no admin routes unless started with admin", async () => {
    await expectError(await get("/__demo/control", null), 404, "Not Found");
    await expectError(await get("/__demo/stats", null), 404, "Not Found");
    await expectError(await get("/__demo/reset", null, { method: "POST" }), 404, "Not Found");
  });

  it("accepts a caller-supplied token", async () => {
    const other = await startDemoApi({ fundCount: 1, fundSizes: [1], token: "my-token" });
    try {
      expect(other.tokenGenerated).toBe(false);
      expect(
        (await fetch(`${other.url}/customerapi/funds`, { headers: { Authorization: "Bearer my-token" } })).status,
      ).toBe(200);
      expect(
        (await fetch(`${other.url}/customerapi/funds`, { headers: { Authorization: `Bearer ${api.token}` } })).status,
      ).toBe(401);
    } finally {
      await other.close();
    }
  });
});
