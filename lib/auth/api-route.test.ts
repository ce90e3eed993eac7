import { afterEach, describe, expect, it, vi } from "vitest";
import { GET as getFund } from "@/app/api/funds/[fundId]/route";
import { GET as getInvestor } from "@/app/api/funds/[fundId]/investors/[investorId]/route";
import { GET as getInvestors } from "@/app/api/funds/[fundId]/investors/route";
import { GET as getFundSecrets } from "@/app/api/funds/[fundId]/sensitive/route";

const fundId = "3f0e8f5e-6c1a-4c55-9a53-0d7b5d1c2a10";
const badIds = ["not-a-uuid", "..%2F..%2Fx", "%2e%2e", `${fundId}%2F..`, `${fundId}%00`, `${fundId}\u0000`];

function request(path: string) {
  return new Request(`http://localhost${path}`);
}

afterEach(() => vi.restoreAllMocks());

describe("API routes reject malformed ids before any upstream call", () => {
  it.each(badIds)("fund id %j answers 400 JSON on every fund route", async (badId) => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    const params = Promise.resolve({ fundId: badId });
    for (const handler of [getFund, getInvestors, getFundSecrets]) {
      const response = await handler(request("/api/funds/x"), { params });
      expect(response.status).toBe(400);
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
      expect(await response.json()).toEqual({ error: "Fund id must be a UUID." });
    }
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it.each(badIds)("investor id %j answers 400 JSON", async (badId) => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    const response = await getInvestor(request("/api/funds/x/investors/y"), {
      params: Promise.resolve({ fundId, investorId: badId }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "Investor id must be a UUID." });
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});

describe("apiWrite", () => {
  it("refuses another origin with 403 JSON before the session or the body is looked at", async () => {
    const { apiWrite } = await import("./api-route");
    const handler = vi.fn();
    const write = apiWrite(
      "POST /test",
      (await import("zod")).z.object({}),
      { crossOrigin: "Not from here.", failure: "x" },
      handler,
    );
    const response = await write(
      new Request("http://localhost/api/test", { method: "POST", headers: { "sec-fetch-site": "cross-site" } }),
      { params: Promise.resolve({}) },
    );
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: "Not from here." });
    expect(handler).not.toHaveBeenCalled();
  });

  it("answers a bad field of the body as 400 naming it", async () => {
    const { errorResponse } = await import("../http/error-response");
    const { BadField } = await import("../http/errors");
    const response = errorResponse(new BadField("webhook.url", "it must be https"))!;
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "webhook.url: it must be https", field: "webhook.url" });
  });
});
