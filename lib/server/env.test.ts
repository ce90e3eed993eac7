import { describe, expect, it } from "vitest";
import { authModeOf, EnvError, readEnv } from "./env";

describe("readEnv", () => {
  it("runs on demo data with nothing set, with the documented defaults", () => {
    const env = readEnv({});
    expect(env.CUSTOMER_API_BASE_URL).toBeUndefined();
    expect(env.CUSTOMER_API_TIMEOUT_MS).toBe(10_000);
    expect(env.CUSTOMER_API_RETRIES).toBe(2);
  });

  it("treats blank values as unset", () => {
    expect(readEnv({ CUSTOMER_API_BASE_URL: "", CUSTOMER_API_TIMEOUT_MS: "" }).CUSTOMER_API_TIMEOUT_MS).toBe(10_000);
  });

  it("refuses a base URL without a token, in one line that names the variable", () => {
    expect(() => readEnv({ CUSTOMER_API_BASE_URL: "https://api.example.com" })).toThrow(EnvError);
    try {
      readEnv({ CUSTOMER_API_BASE_URL: "https://api.example.com" });
    } catch (error) {
      expect((error as Error).message).toMatch(/CUSTOMER_API_TOKEN/);
      expect((error as Error).message).not.toContain("\n");
    }
  });

  it("refuses a shared store without the match key, saying why, and takes it with one", () => {
    const url = "postgres://fe@db.example.com:5432/fe";
    expect(() => readEnv({ DATABASE_URL: url })).toThrow(/DATABASE_URL needs DIRECTORY_MATCH_SECRET/);
    expect(readEnv({ DATABASE_URL: url, DIRECTORY_MATCH_SECRET: "k".repeat(40) }).DATABASE_URL).toBe(url);
    expect(() => readEnv({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
  });

  it("refuses a base URL that is not http(s) and a nonsense timeout", () => {
    expect(() => readEnv({ CUSTOMER_API_BASE_URL: "ftp://x", CUSTOMER_API_TOKEN: "t" })).toThrow(EnvError);
    expect(() => readEnv({ CUSTOMER_API_TIMEOUT_MS: "soon" })).toThrow(/CUSTOMER_API_TIMEOUT_MS/);
  });
});

describe("sign-in configuration", () => {
  const upstream = { CUSTOMER_API_BASE_URL: "https://api.example.com", CUSTOMER_API_TOKEN: "t" };
  const secret = "x".repeat(32);

  it("refuses a real upstream with no sign-in, and says how to fix it", () => {
    expect(() => readEnv(upstream)).toThrow(/sign-in is not configured.*DASHBOARD_AUTH=none/);
  });

  it("accepts an explicit DASHBOARD_AUTH=none, local users, or single sign-on", () => {
    const proxied = {
      DASHBOARD_AUTH: "none",
      DASHBOARD_PROXY_USER_HEADER: "X-Forwarded-Email",
      DASHBOARD_PROXY_SECRET: secret,
    };
    expect(authModeOf(readEnv({ ...upstream, ...proxied }))).toBe("none");
    expect(authModeOf(readEnv({ ...upstream, DASHBOARD_USERS_FILE: "u.json", DASHBOARD_SESSION_SECRET: secret }))).toBe(
      "local",
    );
    const oidc = {
      OIDC_ISSUER: "https://id.example.com",
      OIDC_CLIENT_ID: "c",
      OIDC_CLIENT_SECRET: "s",
      DASHBOARD_SESSION_SECRET: secret,
    };
    const publicUrl = { DASHBOARD_PUBLIC_URL: "https://dash.example.com" };
    expect(authModeOf(readEnv({ ...upstream, ...oidc, ...publicUrl, OIDC_ALLOWED_DOMAIN: "example.com" }))).toBe(
      "oidc",
    );
  });

  it("needs the proxy's identity header and shared secret behind an authenticating proxy, and the public URL with OIDC", () => {
    expect(() => readEnv({ ...upstream, DASHBOARD_AUTH: "none" })).toThrow(
      /DASHBOARD_PROXY_USER_HEADER.*DASHBOARD_PROXY_SECRET/,
    );
    const oidc = {
      OIDC_ISSUER: "https://id.example.com",
      OIDC_CLIENT_ID: "c",
      OIDC_CLIENT_SECRET: "s",
      DASHBOARD_SESSION_SECRET: secret,
    };
    expect(() => readEnv({ ...upstream, ...oidc, OIDC_ALLOWED_DOMAIN: "example.com" })).toThrow(/DASHBOARD_PUBLIC_URL/);
  });

  it("needs a session secret, and who may sign in with single sign-on", () => {
    expect(() => readEnv({ ...upstream, DASHBOARD_USERS_FILE: "u.json" })).toThrow(/DASHBOARD_SESSION_SECRET/);
    const oidc = {
      OIDC_ISSUER: "https://id.example.com",
      OIDC_CLIENT_ID: "c",
      OIDC_CLIENT_SECRET: "s",
      DASHBOARD_SESSION_SECRET: secret,
    };
    expect(() => readEnv({ ...upstream, ...oidc })).toThrow(/OIDC_ALLOWED_DOMAIN or OIDC_ALLOWED_GROUP/);
  });

  it("runs the demo open when nothing is configured", () => {
    expect(authModeOf(readEnv({}))).toBe("open");
  });
});
