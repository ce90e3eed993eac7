import { beforeEach, describe, expect, it, vi } from "vitest";

const env = vi.hoisted(() => ({ DASHBOARD_PUBLIC_URL: undefined as string | undefined }));
vi.mock("../server/env", () => ({ serverEnv: () => env }));

const { sameOrigin } = await import("./same-origin");

function get(headers: Record<string, string>) {
  return new Request("http://dash.example/api/funds/x/sensitive?field=tax_id", { headers });
}

describe("sameOrigin", () => {
  beforeEach(() => {
    env.DASHBOARD_PUBLIC_URL = undefined;
  });

  it("trusts the browser's Sec-Fetch-Site, refusing cross-site and typed-in requests", () => {
    expect(sameOrigin(get({ "sec-fetch-site": "same-origin", origin: "null", host: "dash.example" }))).toBe(true);
    expect(
      sameOrigin(get({ "sec-fetch-site": "cross-site", origin: "http://dash.example", host: "dash.example" })),
    ).toBe(false);
    expect(sameOrigin(get({ "sec-fetch-site": "same-site", host: "dash.example" }))).toBe(false);
    expect(sameOrigin(get({ "sec-fetch-site": "none", host: "dash.example" }))).toBe(false);
  });

  it("otherwise needs an Origin on this host", () => {
    expect(sameOrigin(get({ origin: "http://dash.example", host: "dash.example" }))).toBe(true);
    expect(sameOrigin(get({ origin: "http://evil.example", host: "dash.example" }))).toBe(false);
    expect(sameOrigin(get({ host: "dash.example" }))).toBe(false);
    expect(sameOrigin(get({ origin: "not a url", host: "dash.example" }))).toBe(false);
  });

  it("compares with DASHBOARD_PUBLIC_URL when it is set, scheme included", () => {
    env.DASHBOARD_PUBLIC_URL = "https://dash.example";
    expect(sameOrigin(get({ origin: "https://dash.example", host: "internal:3000" }))).toBe(true);
    expect(sameOrigin(get({ origin: "http://dash.example", host: "dash.example" }))).toBe(false);
  });
});
