import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { intoArray } from "../list-collector";
import type { Investor } from "./schemas";

vi.mock("../auth/session", () => ({ requireUser: vi.fn() }));
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
const user = { email: "ops@example.com", name: "Ops", sid: "session-1" };
const investor = {
  id: "9b2d7c1e-0a4f-4e8b-8c6d-5f3a2b1c0d9e",
  investment_account: { tax_id: "123-45-6789", bank: { account_number: "000123456789", bank_name: "Bank" } },
};

describe("investor lists leaving lib/customer-api", () => {
  beforeAll(() => {
    vi.stubGlobal("fetch", async () => new Response(JSON.stringify([investor]), { status: 200 }));
    (globalThis as Record<symbol, unknown>)[Symbol.for("fund-explorer.customer-api-client")] = undefined;
  });
  afterAll(() => {
    vi.unstubAllGlobals();
    (globalThis as Record<symbol, unknown>)[Symbol.for("fund-explorer.customer-api-client")] = undefined;
  });

  const secrets = (list: Investor[]) =>
    list.map((record) => [record.investment_account?.tax_id, record.investment_account?.bank?.account_number]);

  it("reach a collector masked: it never sees a full tax id or account number", async () => {
    const { collectInvestors, listInvestors } = await import("./index");
    expect(secrets(await collectInvestors(fundId, () => intoArray<Investor>(), { user }))).toEqual([["•••••6789", "•••••6789"]]);
    expect(secrets(await listInvestors(fundId, { user }))).toEqual([["•••••6789", "•••••6789"]]);
  });

  it("carry full values only when the caller asks for them", async () => {
    const { collectInvestors } = await import("./index");
    const full = await collectInvestors(fundId, () => intoArray<Investor>(), { user, sensitive: true });
    expect(secrets(full)).toEqual([["123-45-6789", "000123456789"]]);
  });
});
