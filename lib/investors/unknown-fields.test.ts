import { describe, expect, it } from "vitest";
import type { Investor } from "../customer-api/schemas";
import { unknownFields } from "./unknown-fields";

describe("unknownFields", () => {
  it("finds fields the spec does not describe, at every level, and nothing else", () => {
    const investor = {
      id: "x",
      commitment_amount: "10.00",
      external_ref: "CRM-1",
      custom: { tier: 2 },
      investment_account: {
        legal_name: "A",
        kyc_status: "clear",
        bank: { name: "B", iban: "DE00" },
        address: { city: "C", geo: null },
      },
      primary_contact: { email: "a@b.c", pronouns: "she/her" },
      team_members: [{ member_name: "M", role: "CFO" }],
    } as unknown as Investor;
    expect(unknownFields(investor)).toEqual([
      { path: "external_ref", value: "CRM-1" },
      { path: "custom", value: '{"tier":2}' },
      { path: "investment_account.kyc_status", value: "clear" },
      { path: "investment_account.bank.iban", value: "DE00" },
      { path: "investment_account.address.geo", value: "—" },
      { path: "primary_contact.pronouns", value: "she/her" },
      { path: "team_members[0].role", value: "CFO" },
    ]);
  });

  it("finds none on a record of spec fields only", () => {
    expect(unknownFields({ id: "x", investment_account: { tax_id: "•••••1234" } } as Investor)).toEqual([]);
  });
});
