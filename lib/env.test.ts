import { describe, expect, it } from "vitest";
import { EnvError, readEnv } from "./env";

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

  it("refuses a base URL that is not http(s) and a nonsense timeout", () => {
    expect(() => readEnv({ CUSTOMER_API_BASE_URL: "ftp://x", CUSTOMER_API_TOKEN: "t" })).toThrow(EnvError);
    expect(() => readEnv({ CUSTOMER_API_TIMEOUT_MS: "soon" })).toThrow(/CUSTOMER_API_TIMEOUT_MS/);
  });
});
