import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startDemoApi, type DemoApi } from "./server";

let api: DemoApi;

function api401(): Promise<Response> {
  return fetch(`${api.url}/customerapi/funds`);
}

function get(path = "/customerapi/funds", init: RequestInit = {}): Promise<Response> {
  return fetch(`${api.url}${path}`, { ...init, headers: { Authorization: `Bearer ${api.token}` } });
}

function admin(path: string, body?: unknown): Promise<Response> {
  return fetch(
    `${api.url}${path}`,
    body === undefined && path !== "/__demo/reset" ? {} : { method: "POST", body: JSON.stringify(body ?? {}) },
  );
}

beforeAll(async () => {
  api = await startDemoApi({ fundCount: 3, fundSizes: [5, 0, 2], admin: true });
});
afterEach(() => admin("/__demo/reset"));
afterAll(() => api.close());

describe("fault injection", () => {
  it("failNext 2 gives 503, 503, then 200", async () => {
    expect((await admin("/__demo/control", { failNext: 2 })).status).toBe(200);
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await get()).status);
    expect(statuses).toEqual([503, 503, 200]);
  });

  it("passNext 2 with failNext 1 answers 200, 200, 503, then 200", async () => {
    await admin("/__demo/control", { passNext: 2, failNext: 1 });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await get()).status);
    expect(statuses).toEqual([200, 200, 503, 200]);
  });

  it("down drops every connection without an answer", async () => {
    await admin("/__demo/control", { down: true });
    await expect(get()).rejects.toThrow();
    api.controls.set({ down: false });
    expect((await get()).status).toBe(200);
  });

  it("rejectToken answers 401 Bad token even to a valid token, until lifted", async () => {
    await admin("/__demo/control", { rejectToken: true });
    const response = await get();
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: "Bad token" });
    api.controls.set({ rejectToken: false });
    expect((await get()).status).toBe(200);
  });

  it("counts /customerapi requests in stats and resets them", async () => {
    expect(await (await admin("/__demo/stats")).json()).toMatchObject({ requests: 0, paths: {} });
    await get();
    await api401();
    await get(`/customerapi/funds/${api.store.funds[0]!.id}`);
    const stats = (await (await admin("/__demo/stats")).json()) as { requests: number; paths: Record<string, number> };
    expect(stats.requests).toBe(3);
    expect(stats.paths["/customerapi/funds"]).toBe(2);
    await admin("/__demo/reset");
    expect(api.controls.stats().requests).toBe(0);
  });

  it("rejects invalid control patches with 400", async () => {
    expect((await admin("/__demo/control", { hang: 2 })).status).toBe(400);
    expect((await admin("/__demo/control", { bogus: true })).status).toBe(400);
    expect((await admin("/__demo/control", [1])).status).toBe(400);
    expect(await (await admin("/__demo/control")).json()).toMatchObject({ hang: 0, failNext: 0 });
  });

  it("sends 5xx JSON errors, HTML pages, truncated JSON and wrong shapes", async () => {
    api.controls.set({ error5xx: 1 });
    const failed = await get();
    expect([500, 502, 503, 504]).toContain(failed.status);
    expect(typeof ((await failed.json()) as { error: unknown }).error).toBe("string");

    api.controls.set({ error5xx: 0, html: 1 });
    const html = await get();
    expect(html.status).toBe(502);
    expect(html.headers.get("content-type")).toBe("text/html");

    api.controls.set({ html: 0, malformed: 1 });
    const malformed = await get();
    expect(malformed.status).toBe(200);
    await expect(malformed.json()).rejects.toThrow();

    api.controls.set({ malformed: 0, wrongShape: 1 });
    expect(Object.keys((await (await get()).json()) as object)).toEqual(["data"]);
    const fund = (await (await get(`/customerapi/funds/${api.store.funds[0]!.id}`)).json()) as Record<string, unknown>;
    expect(fund.id).toBeUndefined();
    expect(fund.legal_entity).toBeDefined();
  });

  it("drops the connection mid-body on reset", async () => {
    api.controls.set({ reset: 1 });
    const response = await get(`/customerapi/funds/${api.store.funds[0]!.id}/investors`);
    expect(response.status).toBe(200);
    await expect(response.text()).rejects.toThrow();
  });

  it("streams a huge body of hugeBytes", async () => {
    api.controls.set({ huge: 1, hugeBytes: 300_000 });
    const response = await get();
    expect(response.status).toBe(200);
    const body = await response.arrayBuffer();
    expect(body.byteLength).toBe(300_000);
  });

  it("hangs until the client gives up, and adds latency", async () => {
    api.controls.set({ hang: 1 });
    await expect(get("/customerapi/funds", { signal: AbortSignal.timeout(200) })).rejects.toThrow();
    api.controls.set({ hang: 0, latencyMs: 150 });
    const started = Date.now();
    expect((await get()).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  it("leaves admin routes untouched by faults and needs no token for them", async () => {
    api.controls.set({ rejectToken: true, hang: 1 });
    const state = await (await admin("/__demo/control")).json();
    expect(state).toMatchObject({ rejectToken: true, hang: 1 });
  });
});
