import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, fetchJson, isBusy } from "./fetch-json";
import { getQueryClient } from "./query-client";

const answer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });
const busy = () => answer(503, { error: "The dashboard is busy. Retrying shortly…" }, { "Retry-After": "0" });

afterEach(() => vi.unstubAllGlobals());

describe("fetchJson", () => {
  it("carries the route's message, status and Retry-After", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => answer(503, { error: "Busy" }, { "Retry-After": "2" })),
    );
    const error = await fetchJson("/api/funds").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 503, message: "Busy", retryAfterMs: 2_000 });
    expect(isBusy(error)).toBe(true);
  });

  it("a 503 without Retry-After (the upstream down) is not 'busy'", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => answer(503, { error: "The upstream is unavailable." })),
    );
    expect(isBusy(await fetchJson("/api/funds").catch((caught: unknown) => caught))).toBe(false);
  });
});

describe("the query client", () => {
  it("retries a request refused as busy once, after its Retry-After, and shows what the retry got", async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(busy())
      .mockResolvedValueOnce(answer(200, [{ id: "f1" }]));
    vi.stubGlobal("fetch", fetch);
    await expect(
      getQueryClient().fetchQuery({ queryKey: ["funds"], queryFn: () => fetchJson("/api/funds") }),
    ).resolves.toEqual([{ id: "f1" }]);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("a second refusal is the error shown, and other failures are not retried", async () => {
    const twice = vi.fn().mockResolvedValueOnce(busy()).mockResolvedValueOnce(busy());
    vi.stubGlobal("fetch", twice);
    const query = () => getQueryClient().fetchQuery({ queryKey: ["funds"], queryFn: () => fetchJson("/api/funds") });
    await expect(query()).rejects.toMatchObject({ status: 503 });
    expect(twice).toHaveBeenCalledTimes(2);
    const failing = vi.fn().mockResolvedValue(answer(502, { error: "The upstream failed." }));
    vi.stubGlobal("fetch", failing);
    await expect(query()).rejects.toMatchObject({ status: 502 });
    expect(failing).toHaveBeenCalledTimes(1);
  });
});
