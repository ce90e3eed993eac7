import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { intoArray } from "./list-collector";
import type { Investor } from "./schemas";

vi.mock("./upstream", () => ({
  getUpstream: async () => ({
    mode: "upstream",
    baseUrl: "http://upstream.test",
    token: "t",
    env: {
      CUSTOMER_API_TIMEOUT_MS: 1_000,
      CUSTOMER_API_DEADLINE_MS: 2_000,
      CUSTOMER_API_RETRIES: 0,
      CUSTOMER_API_MAX_BODY_MB: 10,
      CUSTOMER_API_BREAKER_THRESHOLD: 5,
      CUSTOMER_API_BREAKER_COOLDOWN_MS: 1_000,
    },
  }),
}));

const fundId = "3f0e8f5e-6c1a-4c55-9a53-0d7b5d1c2a10";
const investor = {
  id: "9b2d7c1e-0a4f-4e8b-8c6d-5f3a2b1c0d9e",
  investment_account: { tax_id: "123-45-6789", bank: { account_number: "000123456789", bank_name: "Bank" } },
};

describe("investor lists leaving lib/customer-api", () => {
  beforeAll(() => {
    vi.stubGlobal("fetch", async () => new Response(JSON.stringify([investor]), { status: 200 }));
    (globalThis as Record<symbol, unknown>)[Symbol.for("fund-explorer.customer-api-client:default")] = undefined;
  });
  afterAll(() => {
    vi.unstubAllGlobals();
    (globalThis as Record<symbol, unknown>)[Symbol.for("fund-explorer.customer-api-client:default")] = undefined;
  });

  const secrets = (list: Investor[]) =>
    list.map((record) => [record.investment_account?.tax_id, record.investment_account?.bank?.account_number]);

  it("reach a collector masked: it never sees a full tax id or account number", async () => {
    const { collectInvestors, listInvestors } = await import("./index");
    expect(secrets((await collectInvestors("default", fundId, () => intoArray<Investor>())).value)).toEqual([
      ["•••••6789", "•••••6789"],
    ]);
    expect(secrets(await listInvestors("default", fundId))).toEqual([["•••••6789", "•••••6789"]]);
  });

  it("carry full values only when the caller asks for them", async () => {
    const { collectInvestors } = await import("./index");
    const full = await collectInvestors("default", fundId, () => intoArray<Investor>(), { sensitive: true });
    expect(secrets(full.value)).toEqual([["123-45-6789", "000123456789"]]);
  });

  it("as a whole list masked in place, never shared with a reader of full values at the same time", async () => {
    const { listInvestors } = await import("./index");
    const [masked, full, again] = await Promise.all([
      listInvestors("default", fundId),
      listInvestors("default", fundId, { sensitive: true }),
      listInvestors("default", fundId),
    ]);
    expect(secrets(masked)).toEqual([["•••••6789", "•••••6789"]]);
    expect(secrets(again)).toEqual([["•••••6789", "•••••6789"]]); // masked once, not twice
    expect(secrets(full)).toEqual([["123-45-6789", "000123456789"]]);
  });

  it("hand the collector what was derived from each record before masking, and a digest of the list as received", async () => {
    const { collectInvestors } = await import("./index");
    const keys: (string | undefined)[] = [];
    const collected = await collectInvestors(
      "default",
      fundId,
      () => ({
        add: (investor: Investor, key: string) => keys.push(`${investor.investment_account?.tax_id}|${key}`),
        done: () => keys.length,
      }),
      { derive: (unmasked: Investor) => `derived from ${unmasked.investment_account?.tax_id}` },
    );
    expect(keys).toEqual(["•••••6789|derived from 123-45-6789"]);
    expect(collected.digest).toMatch(/^[0-9a-f]{64}$/);
    expect((await collectInvestors("default", fundId, () => intoArray<Investor>())).digest).toBe(collected.digest);
  });
});

describe("every read leaving lib/customer-api", () => {
  // Secrets planted where the spec's field reference puts them (the top level), where the examples put them, and
  // inside objects the spec never describes, under every spelling a masking layer must catch.
  const spellings = ["tax_id", "Tax-ID", "ssn", "EIN", "itin", "account_number", "account number", "IBAN"];
  const secret = fc.stringMatching(/^[A-Z0-9]{6,10}$/).map((text) => `SECRET${text}`);
  const unknownTree = fc.letrec((tie) => ({
    node: fc.oneof(
      { depthSize: "small" },
      fc.record({ key: fc.constantFrom(...spellings), value: secret }).map(({ key, value }) => ({ [key]: value })),
      fc.dictionary(fc.constantFrom("kyc", "documents", "custodian", "note"), tie("node"), { minKeys: 1, maxKeys: 3 }),
      fc.array(tie("node"), { minLength: 1, maxLength: 2 }),
    ),
  })).node;
  const investorRecord = fc.record({
    id: fc.uuid(),
    tax_id: secret,
    investment_account: fc.record({
      bank: fc.record({ account_number: secret, routing_number: fc.constant("021000021") }),
      extra: unknownTree,
    }),
    kyc: unknownTree,
  });
  const fundRecord = fc.record({ id: fc.uuid(), legal_entity: fc.record({ tax_id: secret }), escrow: unknownTree });
  const planted = (value: unknown): string[] =>
    typeof value === "string"
      ? value.startsWith("SECRET")
        ? [value]
        : []
      : value && typeof value === "object"
        ? Object.values(value).flatMap(planted)
        : [];

  afterAll(() => {
    vi.unstubAllGlobals();
    (globalThis as Record<symbol, unknown>)[Symbol.for("fund-explorer.customer-api-client:default")] = undefined;
  });

  it("carries no full secret, whatever the depth or spelling", async () => {
    const api = await import("./index");
    await fc.assert(
      fc.asyncProperty(
        fc.array(investorRecord, { minLength: 1, maxLength: 3 }),
        fundRecord,
        async (investors, fund) => {
          vi.stubGlobal("fetch", async (url: URL) => {
            const path = new URL(url).pathname;
            const body = path.endsWith("/investors")
              ? investors
              : path.includes("/investors/")
                ? investors[0]
                : path.endsWith("/funds")
                  ? [fund]
                  : fund;
            return new Response(JSON.stringify(body), { status: 200 });
          });
          (globalThis as Record<symbol, unknown>)[Symbol.for("fund-explorer.customer-api-client:default")] = undefined;
          const answers = await Promise.all([
            api.listInvestors("default", fundId),
            api.collectInvestors("default", fundId, () => intoArray<Investor>()),
            api.getInvestor("default", fundId, investors[0]!.id),
            api.listFunds("default"),
            api.getFund("default", fundId),
          ]);
          const text = JSON.stringify(answers);
          for (const value of planted([investors, fund])) expect(text).not.toContain(value);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("moves top-level fields of the field reference into investment_account, where the pages and exports read them", async () => {
    vi.stubGlobal(
      "fetch",
      async () =>
        new Response(JSON.stringify({ id: fundId, tax_id: "123456789", joint_email: "j@example.com" }), {
          status: 200,
        }),
    );
    (globalThis as Record<symbol, unknown>)[Symbol.for("fund-explorer.customer-api-client:default")] = undefined;
    const { getInvestor } = await import("./index");
    const investor = await getInvestor("default", fundId, fundId);
    expect(investor.investment_account).toMatchObject({ tax_id: "•••••6789", joint_email: "j@example.com" });
    expect(investor.tax_id).toBeUndefined();
  });
});

describe("the demo's past with a real upstream", () => {
  it("is never asked for: no index, and no past day is read", async () => {
    const asked: string[] = [];
    vi.stubGlobal("fetch", async (url: unknown) => {
      asked.push(String(url));
      return new Response("[]", { status: 200 });
    });
    try {
      const { demoPastIndex, listFundsAsOf } = await import("./index");
      expect(await demoPastIndex("default")).toBeNull();
      await expect(listFundsAsOf("default", "2026-09-30")).rejects.toThrow(/Only the embedded demo/);
      expect(asked).toEqual([]);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
