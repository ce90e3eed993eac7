import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FUND_SECRET_PATHS, INVESTOR_SECRET_PATHS, MOVED_TO_TOP, secretsAt } from "./reference-shape";
import { startDemoApi, type DemoApi } from "./server";
import { createDemoStore } from "./store";
import type { DemoInvestor } from "./types";

const config = { fundCount: 30, seed: 11 };
const examples = createDemoStore(config);
const reference = createDemoStore({ ...config, shape: "reference" });
const all = (store: typeof examples): DemoInvestor[] => store.funds.flatMap((fund) => store.listInvestors(fund.id)!);

describe("field-reference shape", () => {
  // Lists every investor of 30 funds twice: 11 s on the CI machine beside the build, near the 15 s default.
  it(
    "carries the six account fields at the top level instead of inside investment_account",
    { timeout: 60_000 },
    () => {
      const before = all(examples);
      const after = all(reference);
      expect(after).toHaveLength(before.length);
      after.forEach((investor, i) => {
        const original = before[i]!;
        expect(investor.id).toBe(original.id);
        for (const key of MOVED_TO_TOP) {
          expect(key in investor.investment_account, key).toBe(false);
          expect(investor[key], key).toEqual(original.investment_account[key]);
          expect(key in investor).toBe(key in original.investment_account);
        }
        const kept = Object.keys(original.investment_account).filter(
          (key) => !(MOVED_TO_TOP as readonly string[]).includes(key),
        );
        expect(Object.keys(investor.investment_account)).toEqual(kept);
      });
      expect(after.some((investor) => typeof investor.tax_id === "string")).toBe(true);
    },
  );

  it("adds nested secrets under tricky key spellings, every value distinct and long enough to search for", () => {
    const values = [
      ...all(reference).flatMap((investor) => {
        const secrets = secretsAt(investor, INVESTOR_SECRET_PATHS);
        expect(secrets).toHaveLength(INVESTOR_SECRET_PATHS.length);
        return secrets;
      }),
      ...reference.funds.flatMap((fund) => {
        const secrets = secretsAt(fund, FUND_SECRET_PATHS);
        expect(secrets).toHaveLength(FUND_SECRET_PATHS.length);
        return secrets;
      }),
    ];
    expect(new Set(values).size).toBe(values.length);
    expect(values.every((value) => value.length >= 9)).toBe(true);
    // Not one equals a tax id, account number or routing number served anywhere else.
    const served = new Set(
      all(examples).flatMap((i) => [
        i.investment_account.tax_id,
        i.investment_account.bank.account_number,
        i.investment_account.bank.routing_number,
      ]),
    );
    for (const fund of examples.funds)
      served.add(fund.legal_entity.tax_id).add(fund.bank.account_number).add(fund.bank.routing_number);
    expect(values.filter((value) => served.has(value))).toEqual([]);
    const sample = all(reference)[0]!;
    expect(sample.kyc).toMatchObject({ documents: [{ kind: "passport" }] });
    expect(Object.keys(sample.custodian as object)).toEqual([
      "name",
      "iban",
      "account number",
      "routing_number",
      "swift_code",
    ]);
    const iban = (sample.custodian as { iban: string }).iban;
    expect(iban).toMatch(/^GB\d{2}NWBK\d{14}$/);
    const numeric = `${iban.slice(4)}${iban.slice(0, 4)}`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
    expect(BigInt(numeric) % 97n).toBe(1n);
  });

  it("keeps the examples shape by default: no secret objects at all", () => {
    for (const investor of all(examples)) {
      expect(secretsAt(investor, INVESTOR_SECRET_PATHS)).toEqual([]);
      expect("tax_id" in investor).toBe(false);
    }
    expect(examples.funds.every((fund) => !("servicing" in fund))).toBe(true);
  });
});

describe("field-reference shape over HTTP", () => {
  let api: DemoApi;
  beforeAll(async () => {
    api = await startDemoApi({ fundCount: 2, fundSizes: [3, 2], shape: "reference" });
  });
  afterAll(() => api.close());

  it("serves the secrets in lists and single records", async () => {
    const fund = api.store.funds[0]!;
    const headers = { Authorization: `Bearer ${api.token}` };
    const list = await (await fetch(`${api.url}/customerapi/funds/${fund.id}/investors`, { headers })).text();
    const investor = (JSON.parse(list) as DemoInvestor[])[1]!;
    for (const secret of secretsAt(investor, INVESTOR_SECRET_PATHS)) expect(list).toContain(secret);
    const one = await (
      await fetch(`${api.url}/customerapi/funds/${fund.id}/investors/${investor.id}`, { headers })
    ).json();
    expect(one).toEqual(investor);
    const fundBody = await (await fetch(`${api.url}/customerapi/funds/${fund.id}`, { headers })).text();
    for (const secret of secretsAt(fund, FUND_SECRET_PATHS)) expect(fundBody).toContain(secret);
  });
});
