import { describe, expect, it } from "vitest";
import { sameOrigin } from "./same-origin";

function post(headers: Record<string, string>) {
  return new Request("http://dash.example/auth/logout", { method: "POST", headers });
}

describe("sameOrigin", () => {
  it("trusts the browser's Sec-Fetch-Site", () => {
    expect(sameOrigin(post({ "sec-fetch-site": "same-origin", origin: "null", host: "dash.example" }))).toBe(true);
    expect(sameOrigin(post({ "sec-fetch-site": "cross-site", origin: "http://dash.example", host: "dash.example" }))).toBe(false);
  });

  it("otherwise needs an Origin on this host", () => {
    expect(sameOrigin(post({ origin: "http://dash.example", host: "dash.example" }))).toBe(true);
    expect(sameOrigin(post({ origin: "http://evil.example", host: "dash.example" }))).toBe(false);
    expect(sameOrigin(post({ host: "dash.example" }))).toBe(false);
  });
});
