import { describe, expect, it, vi } from "vitest";

const secret = "proxy-secret-that-is-at-least-32-characters";
vi.mock("../server/env", async (original) => ({
  ...(await original<typeof import("../server/env")>()),
  serverEnv: () => ({
    DASHBOARD_PROXY_SECRET: secret,
    DASHBOARD_PROXY_USER_HEADER: "X-Forwarded-Email",
    DASHBOARD_PROXY_GROUPS_HEADER: "X-Forwarded-Groups",
  }),
}));

const { groupsFromHeader, proxyUser } = await import("./proxy-user");

describe("the authenticating proxy's person", () => {
  it("carries the groups header's names, believed only with the proxy's secret", () => {
    const headers = (extra: Record<string, string>) =>
      new Headers({ "x-forwarded-email": "ana@example.com", "x-forwarded-groups": "staff, fund-ops ,,", ...extra });
    expect(proxyUser(headers({ "x-dashboard-proxy-secret": secret }))).toEqual({
      email: "ana@example.com",
      sid: "",
      method: "proxy",
      issuedAt: 0,
      groups: ["staff", "fund-ops"],
    });
    expect(proxyUser(headers({ "x-dashboard-proxy-secret": "wrong" }))).toBeNull();
    expect(proxyUser(headers({}))).toBeNull();
    expect(
      proxyUser(new Headers({ "x-forwarded-email": "ana@example.com", "x-dashboard-proxy-secret": secret })),
    ).toMatchObject({ groups: [] });
  });

  it("drops blank, over-long and control-character names", () => {
    expect(groupsFromHeader(null)).toEqual([]);
    expect(groupsFromHeader(` a ,${"b".repeat(257)},c\u0001d, e`)).toEqual(["a", "e"]);
  });
});
