import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fundInvestorRowsAhead } from "./queries";
import { defaultInvestorView } from "./search-params";
import type { InvestorRowsPage } from "./types";

const page = (version: string, name: string): InvestorRowsPage => ({
  version,
  complete: true,
  reading: null,
  fetchedAt: "2026-11-29T07:00:00.000Z",
  kept: false,
  total: 1,
  matched: 1,
  offset: 0,
  rows: [{ id: "inv-1", name } as unknown as InvestorRowsPage["rows"][number]],
  totals: {},
  types: [],
  longest: {},
});

/** A server whose list is at `version`: each first page it answers is cut from it. */
function serverAt(version: string, name: string) {
  const asked: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      asked.push(url);
      return new Response(JSON.stringify(page(version, name)), { headers: { "content-type": "application/json" } });
    }),
  );
  return asked;
}

const sortedView = { ...defaultInvestorView, sort: { id: "commitment_amount" as const, direction: "asc" as const } };
const firstName = (client: QueryClient, version: string) =>
  client.getQueryData(fundInvestorRowsAhead("fund-1", sortedView, ["name"], version).queryKey)?.pages[0]?.rows[0];

afterEach(() => vi.unstubAllGlobals());

describe("fundInvestorRowsAhead", () => {
  it("reuses an order fetched ahead while the table shows the list it was cut from", async () => {
    const client = new QueryClient();
    const asked = serverAt("v1", "Ada");
    await client.prefetchInfiniteQuery(fundInvestorRowsAhead("fund-1", sortedView, ["name"], "v1"));
    await client.prefetchInfiniteQuery(fundInvestorRowsAhead("fund-1", sortedView, ["name"], "v1"));
    expect(asked).toHaveLength(1);
    expect(asked[0]).toContain("sort=commitment_amount.asc");
  });

  it("reads an order again once the table shows a newer list, so a click never paints the older one", async () => {
    const client = new QueryClient();
    serverAt("v1", "Ada");
    await client.prefetchInfiniteQuery(fundInvestorRowsAhead("fund-1", sortedView, ["name"], "v1"));
    const asked = serverAt("v2", "Grace");
    await client.prefetchInfiniteQuery(fundInvestorRowsAhead("fund-1", sortedView, ["name"], "v2"));
    expect(asked).toHaveLength(1);
    expect(firstName(client, "v2")).toMatchObject({ name: "Grace" });
  });

  it("keeps an order fetched ahead in the browser while a person reads the page a while", async () => {
    vi.useFakeTimers();
    try {
      // React Query's default in the browser drops an answer nothing watches after 5 minutes (in Node, never).
      const client = new QueryClient({ defaultOptions: { queries: { gcTime: 5 * 60_000 } } });
      serverAt("v1", "Ada");
      await client.prefetchInfiniteQuery(fundInvestorRowsAhead("fund-1", sortedView, ["name"], "v1"));
      await vi.advanceTimersByTimeAsync(10 * 60_000);
      expect(firstName(client, "v1")).toMatchObject({ name: "Ada" });
    } finally {
      vi.useRealTimers();
    }
  });
});
