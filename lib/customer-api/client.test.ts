import { describe, expect, it } from "vitest";
import { json, scriptedFetch, type Scripted } from "../testing/scripted-fetch";
import { intoArray } from "./list-collector";
import { createCustomerApiClient, type CustomerApiClient } from "./client";
import type { Investor } from "./schemas";
import { CustomerApiError, messages } from "./errors";

const fundId = "3f0e8f5e-6c1a-4c55-9a53-0d7b5d1c2a10";
const investorId = "9b2d7c1e-0a4f-4e8b-8c6d-5f3a2b1c0d9e";

function clientFor(script: Scripted[] | ((call: number) => Scripted), timeoutMs = 200) {
  const fake = scriptedFetch(script);
  const client = createCustomerApiClient({
    baseUrl: "http://upstream.test/",
    token: "secret-token",
    fetch: fake.fetch,
    timeoutMs,
    deadlineMs: 2_000,
    retryDelayMs: 1,
  });
  return { client, calls: fake.calls };
}

async function failure(promise: Promise<unknown>): Promise<CustomerApiError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof CustomerApiError)) throw new Error(`expected a CustomerApiError, got ${String(error)}`);
  return error;
}

describe("customer API client: outcomes", () => {
  it("200 returns the parsed body, from the spec's path", async () => {
    const { client, calls } = clientFor([json(200, [{ id: fundId }])]);
    await expect(client.listFunds()).resolves.toEqual([{ id: fundId }]);
    expect(calls).toEqual(["http://upstream.test/customerapi/funds"]);
  });

  it.each([
    ["401 Bad token", json(401, { error: "Bad token" }), "token_rejected", 502],
    ["500", json(500, { error: "boom" }), "upstream_failure", 502],
    ["503 every time", json(503, { error: "busy" }), "upstream_failure", 502],
    [
      "an HTML error page",
      { status: 502, body: "<html><h1>Bad gateway</h1></html>", contentType: "text/html" },
      "upstream_failure",
      502,
    ],
    [
      "HTML with status 200",
      { status: 200, body: "<html>hi</html>", contentType: "text/html" },
      "invalid_response",
      502,
    ],
    ["malformed JSON", { status: 200, body: '[{"id": "x",' }, "invalid_response", 502],
    ["the wrong shape", json(200, { data: [] }), "invalid_response", 502],
    ["a 403 (not in the spec)", json(403, { error: "Forbidden" }), "upstream_failure", 502],
    ["no answer in time", "hang", "timeout", 504],
    ["a network error", "network-error", "upstream_failure", 502],
  ] as const)("%s maps to %s (%i)", async (_label, step, kind, status) => {
    const { client } = clientFor([step], 50);
    const error = await failure(client.listFunds());
    expect(error.kind).toBe(kind);
    expect(error.status).toBe(status);
  });

  it("404 Fund not available on a fund maps to fund_not_found (404)", async () => {
    const { client } = clientFor([json(404, { error: "Fund not available" })]);
    const error = await failure(client.getFund(fundId));
    expect([error.kind, error.status]).toEqual(["fund_not_found", 404]);
  });

  it("404 Fund not available on the investor list maps to fund_not_found", async () => {
    const { client } = clientFor([json(404, { error: "Fund not available" })]);
    expect((await failure(client.listInvestors(fundId))).kind).toBe("fund_not_found");
  });

  it("404 Not Found on an investor maps to investor_not_found (404)", async () => {
    const { client } = clientFor([json(404, { error: "Not Found" })]);
    const error = await failure(client.getInvestor(fundId, investorId));
    expect([error.kind, error.status]).toEqual(["investor_not_found", 404]);
  });

  it("404 Fund not available on an investor maps to fund_not_found", async () => {
    const { client } = clientFor([json(404, { error: "Fund not available" })]);
    expect((await failure(client.getInvestor(fundId, investorId))).kind).toBe("fund_not_found");
  });

  it("sends the bearer token, GET only, refusing redirects", async () => {
    let seen: RequestInit | undefined;
    const client = createCustomerApiClient({
      baseUrl: "http://upstream.test",
      token: "secret-token",
      fetch: (async (_url: URL, init: RequestInit) => {
        seen = init;
        return new Response("[]");
      }) as unknown as typeof fetch,
    });
    await client.listFunds();
    expect(seen?.method).toBe("GET");
    expect(seen?.redirect).toBe("error");
    expect((seen?.headers as Record<string, string>).Authorization).toBe("Bearer secret-token");
  });

  it("refuses a body over the size cap", async () => {
    const client = createCustomerApiClient({
      baseUrl: "http://upstream.test",
      token: "t",
      maxBodyBytes: 10,
      fetch: (async () => new Response("[" + " ".repeat(100) + "]")) as unknown as typeof fetch,
    });
    expect((await failure(client.listFunds())).kind).toBe("invalid_response");
  });
});

describe("customer API client: retries", () => {
  it("503, 503, 200 gives 200 after 3 calls", async () => {
    const { client, calls } = clientFor([json(503, {}), json(503, {}), json(200, [])]);
    await expect(client.listFunds()).resolves.toEqual([]);
    expect(calls).toHaveLength(3);
  });

  it("gives up after 2 retries", async () => {
    const { client, calls } = clientFor([json(503, {})]);
    await failure(client.listFunds());
    expect(calls).toHaveLength(3);
  });

  it("a 404 makes exactly 1 call", async () => {
    const { client, calls } = clientFor([json(404, { error: "Fund not available" })]);
    await failure(client.getFund(fundId));
    expect(calls).toHaveLength(1);
  });

  it("a 500 and a 401 are not retried", async () => {
    for (const status of [500, 401]) {
      const { client, calls } = clientFor([json(status, {})]);
      await failure(client.listFunds());
      expect(calls).toHaveLength(1);
    }
  });

  it("retries a timeout and a network error", async () => {
    const { client, calls } = clientFor(["hang", "network-error", json(200, [])], 30);
    await expect(client.listFunds()).resolves.toEqual([]);
    expect(calls).toHaveLength(3);
  });

  it("stops at the overall deadline", async () => {
    const client = createCustomerApiClient({
      baseUrl: "http://upstream.test",
      token: "t",
      timeoutMs: 1_000,
      deadlineMs: 150,
      fetch: scriptedFetch(["hang"]).fetch,
    });
    const started = Date.now();
    expect((await failure(client.listFunds())).kind).toBe("timeout");
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});

describe("customer API client: coalescing and ids", () => {
  it("50 concurrent identical requests make 1 upstream call", async () => {
    const { client, calls } = clientFor([json(200, [{ id: fundId }])]);
    const results = await Promise.all(Array.from({ length: 50 }, () => client.listInvestors(fundId)));
    expect(calls).toHaveLength(1);
    expect(results.every((r) => r.length === 1)).toBe(true);
  });

  it("a settled request is not cached: the next call asks again", async () => {
    const { client, calls } = clientFor([json(200, [])]);
    await client.listFunds();
    await client.listFunds();
    expect(calls).toHaveLength(2);
  });

  it.each([
    "not-a-uuid",
    "..%2F..%2Fx",
    "../../x",
    "%2e%2e",
    "..",
    `${fundId}%2F..`,
    `${fundId}/..`,
    `${fundId}%00`,
    `${fundId}\u0000`,
    "",
  ])("rejects the fund id %j with bad_request and no upstream call", async (badId) => {
    const { client, calls } = clientFor([json(200, {})]);
    const error = await failure(client.getFund(badId));
    expect([error.kind, error.status]).toEqual(["bad_request", 400]);
    await failure(client.getInvestor(fundId, badId));
    expect(calls).toHaveLength(0);
  });
});

/** A 200 whose body arrives in pieces of `size` bytes (each `delayMs` apart), optionally failing after `failAfter` bytes. */
function streamed(body: string, size: number, failAfter?: number, delayMs = 0): Response {
  const bytes = new TextEncoder().encode(body);
  let offset = 0;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
      if (failAfter !== undefined && offset >= failAfter) return controller.error(new TypeError("socket hang up"));
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(offset, offset + size));
      offset += size;
    },
  });
  return new Response(stream, { status: 200, headers: { "Content-Type": "application/json" } });
}

function clientAnswering(responses: (() => Response)[], options: { timeoutMs?: number; retries?: number } = {}) {
  let call = 0;
  return createCustomerApiClient({
    baseUrl: "http://upstream.test",
    token: "t",
    retryDelayMs: 1,
    fetch: (async () => responses[Math.min(call++, responses.length - 1)]!()) as unknown as typeof fetch,
    ...options,
  });
}

describe("customer API client: lists are read record by record", () => {
  const investors = [
    { id: investorId, investment_account: { address: { city: "Zürich" } }, commitment_amount: "10.50" },
    { id: fundId, note: "an unknown field", commitment_amount: 7 },
  ];

  // Both ways of reading a list: whole (one JSON.parse) and record by record into a collector.
  const readers = {
    whole: (client: CustomerApiClient) => client.listInvestors(fundId),
    "record by record": async (client: CustomerApiClient) =>
      (await client.collectInvestors(fundId, () => intoArray<Investor>())).value,
  };

  it.each(Object.entries(readers))(
    "%s: reads a list cut anywhere, even inside a multi-byte character, numbers as text",
    async (_how, read) => {
      for (const size of [1, 2, 3, 7, 64]) {
        const list = await read(clientAnswering([() => streamed(JSON.stringify(investors, null, 1), size)]));
        expect(list.map((investor) => [investor.id, investor.commitment_amount])).toEqual([
          [investorId, "10.50"],
          [fundId, "7"],
        ]);
        expect(list[0]?.investment_account?.address?.city).toBe("Zürich");
        expect(list[1]?.note).toBe("an unknown field");
      }
    },
  );

  const faults = [
    ["an HTML page", "<html>hi</html>", messages.notJson],
    ["a truncated list", '[{"id": "x",', messages.notJson],
    ["a bad record", '[{"id": "x"}, {"id": }]', messages.notJson],
    ["a byte-order mark before the list", '\uFEFF[{"id": "x"}]', messages.notJson],
    ["a non-JSON space between records", '[{"id": "x"},\u00a0{"id": "y"}]', messages.notJson],
    ["a list in an envelope", '{"data": []}', messages.wrongShape],
    ["a record without an id", '[{"id": "x"}, {"name": "y"}]', messages.wrongShape],
    ["a list of numbers", "[1, 2]", messages.wrongShape],
  ] as const;
  it.each(
    Object.keys(readers).flatMap((how) => faults.map(([label, body, message]) => [how, label, body, message] as const)),
  )("%s: says which fault: %s", async (how, _label, body, message) => {
    const error = await failure(
      readers[how as keyof typeof readers](clientAnswering([() => new Response(body, { status: 200 })])),
    );
    expect([error.kind, error.message]).toEqual(["invalid_response", message]);
  });

  it("starts over when the connection drops mid-list: the retry's records only, once each", async () => {
    const body = JSON.stringify(investors);
    // Dropped after the first record has been handed over, so a collector kept across attempts would see it twice.
    const firstRecordEnd = body.indexOf(fundId) - 10;
    const client = clientAnswering([() => streamed(body, 8, firstRecordEnd + 8), () => streamed(body, 8)]);
    const seenByAttempt: string[][] = [];
    const ids = await client.collectInvestors(fundId, () => {
      const seen: string[] = [];
      seenByAttempt.push(seen);
      return { add: (investor) => seen.push(investor.id), done: () => seen };
    });
    expect(seenByAttempt).toEqual([[investorId], [investorId, fundId]]);
    expect(ids.value).toEqual([investorId, fundId]);
  });

  it("passes a fault of the collector's own on as it is: no retry, no 'upstream unreachable'", async () => {
    let calls = 0;
    const client = clientAnswering([() => (calls++, streamed(JSON.stringify(investors), 64))]);
    const bug = new Error("a bug in the collector");
    const read = client.collectInvestors(fundId, () => ({
      add: () => {
        throw bug;
      },
      done: () => [],
    }));
    await expect(read).rejects.toBe(bug);
    expect(calls).toBe(1);
  });

  it("times the waits for the upstream, not the reader's own work", async () => {
    const client = clientAnswering([() => streamed(JSON.stringify(investors), 64, undefined, 5)], {
      timeoutMs: 100,
      retries: 0,
    });
    const slow = () => ({
      add: () => {
        const until = Date.now() + 80; // 160 ms of work in all: past the 100 ms budget, were it counted
        while (Date.now() < until);
      },
      done: () => "read",
    });
    await expect(client.collectInvestors(fundId, slow)).resolves.toMatchObject({ value: "read" });
    // An upstream that stops answering still times out.
    expect((await failure(clientFor(["hang"], 50).client.listInvestors(fundId))).kind).toBe("timeout");
  });
});

describe("CustomerApiError across bundles", () => {
  it("is recognised by instanceof even when another bundle's copy of the class made it", () => {
    // What an error from the route-handler bundle looks like to the page bundle: same brand, other prototype.
    const foreign = Object.assign(Object.create(Error.prototype), {
      [Symbol.for("fund-explorer.CustomerApiError")]: true,
    });
    expect(new CustomerApiError("timeout", "late") instanceof CustomerApiError).toBe(true);
    expect(foreign instanceof CustomerApiError).toBe(true);
    expect(new Error("plain") instanceof CustomerApiError).toBe(false);
  });
});
