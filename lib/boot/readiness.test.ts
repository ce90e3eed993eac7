import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const probe = vi.hoisted(() => ({ problem: null as string | null }));
vi.mock("./upstream-probe", () => ({ upstreamProbe: async () => ({ problem: probe.problem, finishedAt: 0 }) }));
const store = vi.hoisted(() => ({ current: null as null | { client: { ping: () => Promise<string> } } }));
vi.mock("../server/shared-store", () => ({ sharedStore: () => store.current }));
const history = vi.hoisted(() => ({ state: "ready", reason: null as string | null, driver: "pglite" }));
vi.mock("../store/server", () => ({ storeStatus: () => history }));
const { readiness } = await import("./readiness");

const dir = mkdtempSync(join(tmpdir(), "fe-ready-"));
const usersFile = join(dir, "users.json");
const hash = "$argon2id$v=19$m=65536,t=3,p=4$c2FsdA$aGFzaA";

describe("readiness", () => {
  beforeEach(() => {
    vi.stubEnv("DASHBOARD_USERS_FILE", usersFile);
    vi.stubEnv("DASHBOARD_SESSION_SECRET", "s".repeat(40));
    writeFileSync(usersFile, JSON.stringify([{ email: "olive@example.com", passwordHash: hash }]));
    probe.problem = null;
    store.current = { client: { ping: async () => "PONG" } };
    Object.assign(history, { state: "ready", reason: null });
  });
  afterEach(() => vi.unstubAllEnvs());

  it("is ready when the configuration reads, Redis answers and the upstream's last probe passed", async () => {
    expect(await readiness()).toEqual({
      ready: true,
      problem: null,
      checks: { configuration: "ok", store: "ok", upstream: "ok", history: "ok (pglite)" },
    });
  });

  it("names the first problem without the file, the URL or any value", async () => {
    writeFileSync(usersFile, "{ not json");
    const broken = await readiness();
    expect(broken).toMatchObject({
      ready: false,
      problem: "The configuration is not valid (the server log says why).",
    });
    expect(JSON.stringify(broken)).not.toContain(dir);
  });

  it("is not ready while Redis does not answer, or the upstream's last probe failed", async () => {
    store.current = { client: { ping: () => Promise.reject(new Error("connect ECONNREFUSED 10.0.0.5:6379")) } };
    const down = await readiness();
    expect(down).toMatchObject({ ready: false, problem: "The shared store (Redis) is unreachable." });
    expect(JSON.stringify(down)).not.toContain("10.0.0.5");
    store.current = null;
    probe.problem = "The Customer API did not answer within 3 s.";
    expect(await readiness()).toMatchObject({
      ready: false,
      problem: "The Customer API did not answer within 3 s.",
      checks: { store: "not configured (single instance)" },
    });
  });

  it("reports a history store that is down, and is not ready for it only with STORE_REQUIRED=1", async () => {
    Object.assign(history, {
      state: "unavailable",
      reason: "the store folder .fund-explorer/db is open in another process",
    });
    expect(await readiness()).toMatchObject({
      ready: true,
      checks: { history: "unavailable: the store folder .fund-explorer/db is open in another process" },
    });
    vi.stubEnv("STORE_REQUIRED", "1");
    expect(await readiness()).toMatchObject({
      ready: false,
      problem: "The history store is unavailable (STORE_REQUIRED=1).",
    });
  });
});
