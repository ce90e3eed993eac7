import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { NextRequest } from "next/server";
import { beforeEach, describe, expect, it, vi } from "vitest";

// One signed-in person, checked by the three entry points: proxy.ts, a route handler (requireUser), a page (currentUser).
const dir = mkdtempSync(join(tmpdir(), "fe-auth-"));
const usersFile = join(dir, "users.json");
const revokedFile = join(dir, "revoked.json");
const env = vi.hoisted(() => ({}) as Record<string, unknown>);
vi.mock("../server/env", async (original) => ({
  ...(await original<typeof import("../server/env")>()),
  serverEnv: () => env,
}));
const cookieJar = vi.hoisted(() => new Map<string, string>());
vi.mock("next/headers", () => ({
  cookies: async () => ({ get: (name: string) => (cookieJar.has(name) ? { value: cookieJar.get(name) } : undefined) }),
  headers: async () => new Headers(),
}));

const { proxy } = await import("../../proxy");
const { currentUser, requireUser } = await import("./session");
const { revokeSession } = await import("./revocation");
const { sealSession } = await import("./session-token");
const { revokeUser } = await import("./revoked-users-file.mjs");

const olive = {
  email: "olive@example.com",
  name: "Olive",
  passwordHash: "$argon2id$v=19$m=65536,t=3,p=4$c2FsdA$aGFzaA",
};

async function signIn(): Promise<string> {
  const token = await sealSession({ email: olive.email, method: "local" }, String(env.DASHBOARD_SESSION_SECRET), 3600);
  cookieJar.set("fe_session", token);
  return token;
}

async function everyEntryPoint(token: string) {
  const request = (path: string) =>
    new NextRequest(`http://dash.test${path}`, { headers: { cookie: `fe_session=${token}` } });
  const api = await proxy(request("/api/funds"));
  const page = await proxy(request("/funds"));
  return {
    api: api.status,
    page: page.status,
    handler: await requireUser().then(
      () => "ok",
      (error: Error) => error.name,
    ),
    page_data: await currentUser(),
  };
}

describe("a session's end is seen by every entry point", () => {
  beforeEach(() => {
    Object.assign(env, {
      DASHBOARD_AUTH: "local",
      DASHBOARD_SESSION_SECRET: "s".repeat(40),
      DASHBOARD_SESSION_HOURS: 8,
      DASHBOARD_USERS_FILE: usersFile,
      DASHBOARD_REVOKED_USERS_FILE: revokedFile,
    });
    writeFileSync(usersFile, JSON.stringify([olive]));
    writeFileSync(revokedFile, "{}");
  });

  it("lets a signed-in person through everywhere", async () => {
    expect(await everyEntryPoint(await signIn())).toMatchObject({
      api: 200,
      page: 200,
      handler: "ok",
      page_data: { email: olive.email },
    });
  });

  it("lets health checks through without a session or the authenticating proxy's secret, and nothing else", async () => {
    const passes = async (path: string) =>
      (await proxy(new NextRequest(`http://dash.test${path}`))).headers.get("x-middleware-next") === "1";
    for (const mode of ["local", "none"]) {
      Object.assign(env, {
        DASHBOARD_AUTH: mode,
        DASHBOARD_PROXY_USER_HEADER: "X-Email",
        DASHBOARD_PROXY_SECRET: "p".repeat(40),
      });
      expect([await passes("/healthz"), await passes("/readyz")]).toEqual([true, true]);
      expect([await passes("/funds"), await passes("/api/funds"), await passes("/healthz/x")]).toEqual([
        false,
        false,
        false,
      ]);
    }
  });

  it("refuses a signed-out session everywhere at once", async () => {
    const token = await signIn();
    await revokeSession((await currentUser())!);
    expect(await everyEntryPoint(token)).toEqual({ api: 401, page: 303, handler: "Unauthenticated", page_data: null });
  });

  it("refuses every earlier session of a person revoked with npm run revoke", async () => {
    const token = await signIn();
    revokeUser(revokedFile, olive.email, Date.now() + 1);
    expect(await everyEntryPoint(token)).toEqual({ api: 401, page: 303, handler: "Unauthenticated", page_data: null });
  });

  it("refuses a local user removed from the users file, on the next request", async () => {
    const token = await signIn();
    writeFileSync(usersFile, JSON.stringify([{ ...olive, email: "someone.else@example.com" }]));
    expect(await everyEntryPoint(token)).toEqual({ api: 401, page: 303, handler: "Unauthenticated", page_data: null });
  });
});

describe("a person no access rule admits is refused by every entry point, and told so", () => {
  const rulesFile = join(dir, "rules.json");
  beforeEach(() => {
    writeFileSync(rulesFile, JSON.stringify([{ group: "staff", role: "viewer", scopes: ["*"] }]));
    Object.assign(env, {
      DASHBOARD_SESSION_SECRET: "s".repeat(40),
      DASHBOARD_SESSION_HOURS: 8,
      DASHBOARD_REVOKED_USERS_FILE: revokedFile,
      ACCESS_RULES_FILE: rulesFile,
      ACCESS_REEVALUATE_SECONDS: 900,
    });
  });

  it("single sign-on: a session whose groups match no rule goes to the sign-in page's no-access message", async () => {
    env.DASHBOARD_AUTH = "oidc";
    const { oidcGrants } = await import("./oidc-grants");
    const signInAs = async (groups: string[]) => {
      const sid = crypto.randomUUID();
      const now = Date.now();
      await oidcGrants().save(sid, { sub: "ana", groups, checkedAt: now, until: now + 3_600_000 });
      const user = { email: "ana@example.com", method: "oidc" as const, sid, issuedAt: now };
      const token = await sealSession(user, String(env.DASHBOARD_SESSION_SECRET), 3600);
      cookieJar.set("fe_session", token);
      return token;
    };
    expect(await everyEntryPoint(await signInAs(["staff"]))).toMatchObject({
      api: 200,
      page: 200,
      page_data: { role: "viewer", groups: ["staff"], grantedBy: "rule staff" },
    });
    const refused = await everyEntryPoint(await signInAs(["another-team"]));
    expect(refused).toMatchObject({ api: 403, page: 303, handler: "Unauthenticated", page_data: null });
    const page = await proxy(
      new NextRequest("http://dash.test/funds", { headers: { cookie: `fe_session=${cookieJar.get("fe_session")}` } }),
    );
    expect(page.headers.get("location")).toBe("http://dash.test/login?error=no-access");
  });

  it("behind the proxy: 403, as a page or JSON that says so", async () => {
    Object.assign(env, {
      DASHBOARD_AUTH: "none",
      DASHBOARD_PROXY_USER_HEADER: "X-Email",
      DASHBOARD_PROXY_GROUPS_HEADER: "X-Groups",
      DASHBOARD_PROXY_SECRET: "p".repeat(40),
    });
    const request = (path: string, groups: string) =>
      proxy(
        new NextRequest(`http://dash.test${path}`, {
          headers: { "x-email": "rex@example.com", "x-groups": groups, "x-dashboard-proxy-secret": "p".repeat(40) },
        }),
      );
    expect((await request("/api/funds", "staff")).headers.get("x-middleware-next")).toBe("1");
    const api = await request("/api/funds", "another-team");
    expect(api.status).toBe(403);
    expect(await api.json()).toEqual({
      error: "Your account rex@example.com has no access to Fund Explorer. Ask an administrator to add you to a group.",
    });
    const page = await request("/funds", "another-team");
    expect(page.status).toBe(403);
    expect(await page.text()).toContain("Your account rex@example.com has no access to Fund Explorer.");
  });
});
