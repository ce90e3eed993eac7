import { describe, expect, it } from "vitest";
import { fundSchema, investorSchema } from "./schemas";

const fundId = "3f0e8f5e-6c1a-4c55-9a53-0d7b5d1c2a10";

describe("fund schema", () => {
  it("accepts a fund with only an id, every other field absent", () => {
    expect(fundSchema.parse({ id: fundId })).toEqual({ id: fundId });
  });

  it("accepts null for every documented field and nested object", () => {
    const fund = fundSchema.parse({
      id: fundId,
      bank: null,
      legal_entity: { display_name: null, tax_id: null },
      target_size: null,
      investor_count: null,
    });
    expect(fund.bank).toBeNull();
    expect(fund.legal_entity?.display_name).toBeNull();
  });

  it("keeps unknown extra fields", () => {
    const fund = fundSchema.parse({ id: fundId, external_ref: "X-1", legal_entity: { lei: "529900" } });
    expect(fund.external_ref).toBe("X-1");
    expect(fund.legal_entity?.lei).toBe("529900");
  });

  it("takes management_fee_percent as a string or a number and keeps it as text", () => {
    expect(fundSchema.parse({ id: fundId, management_fee_percent: 2 }).management_fee_percent).toBe("2");
    expect(fundSchema.parse({ id: fundId, management_fee_percent: "2.0" }).management_fee_percent).toBe("2.0");
  });

  it("keeps long decimal strings exactly", () => {
    expect(fundSchema.parse({ id: fundId, target_size: "12345678901234567.89" }).target_size).toBe(
      "12345678901234567.89",
    );
  });

  it("rejects a fund without an id", () => {
    expect(fundSchema.safeParse({ legal_entity: null }).success).toBe(false);
  });
});

describe("investor schema", () => {
  it("reads the bank's name as bank_name or as name", () => {
    const a = investorSchema.parse({ id: "a", investment_account: { bank: { bank_name: "First Bank" } } });
    const b = investorSchema.parse({ id: "b", investment_account: { bank: { name: "Second Bank" } } });
    expect(a.investment_account?.bank?.bank_name).toBe("First Bank");
    expect(b.investment_account?.bank?.name).toBe("Second Bank");
  });

  it("accepts nulls, absent members and extra fields at every level", () => {
    const investor = investorSchema.parse({
      id: "c",
      investment_account: { address: null, tax_id: null, favourite_colour: "teal" },
      primary_contact: null,
      team_members: [{ member_name: null }],
      commitment_amount: 1000.5,
      custom: { a: 1 },
    });
    expect(investor.commitment_amount).toBe("1000.5");
    expect(investor.investment_account?.favourite_colour).toBe("teal");
    expect(investor.custom).toEqual({ a: 1 });
    expect(investor.team_members?.[0]?.member_email).toBeUndefined();
  });

  it("moves top-level reference fields into investment_account, every other key keeping its place", () => {
    const investor = investorSchema.parse({
      id: "d",
      tax_id: 123456789,
      extra: 1,
      investment_account: { custom: true, tax_id: null, phone_number: "kept" },
      phone_number: "stays: the account has its own",
      joint_email: "j@example.com",
      last: 2,
    });
    expect(JSON.stringify(investor)).toBe(
      JSON.stringify({
        id: "d",
        phone_number: "stays: the account has its own",
        investment_account: { phone_number: "kept", tax_id: "123456789", custom: true, joint_email: "j@example.com" },
        extra: 1,
        last: 2,
      }),
    );
    const without = investorSchema.parse({ id: "e", tax_id: "1", other: null });
    expect(Object.keys(without)).toEqual(["id", "other", "investment_account"]);
    expect(without.investment_account).toEqual({ tax_id: "1" });
  });
});
