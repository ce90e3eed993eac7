import { describe, expect, it } from "vitest";
import type { Investor } from "../customer-api/schemas";
import { fundFieldColumns } from "../funds/columns";
import { investorColumns } from "../investors/columns";
import { csvColumns } from "./columns";

const investor = {
  id: "9b2d7c1e-0a4f-4e8b-8c6d-5f3a2b1c0d9e",
  commitment_amount: "12345678901234567.89",
  contributed_amount: "-500.00",
  investment_account: {
    legal_name: "Zoë Müller",
    investor_type: "individual",
    address: { line_one: "1 Main St", postal: "02139", city: null },
    bank: { name: "First Bank", account_number: "000123456789" },
    phone_number: "+1 617 555 0100",
  },
  primary_contact: { full_name: "Zoë Müller", email: "zoe@example.com" },
  team_members: [
    { member_name: "Ann Lee", member_email: "ann@example.com" },
    { member_name: "Bo Chan", member_email: null },
  ],
} as Investor;

function row(): Record<string, unknown> {
  return Object.fromEntries(csvColumns(investorColumns).map((column) => [column.header, column.value(investor)]));
}

describe("CSV columns", () => {
  it("are the resource's field paths, nested objects flattened, derived display columns left out", () => {
    const headers = csvColumns(investorColumns).map((column) => column.header);
    expect(headers).toContain("investment_account.address.postal");
    expect(headers).toContain("primary_contact.email");
    expect(headers).toContain("team_members");
    expect(headers).not.toContain("name");
    expect(new Set(headers).size).toBe(headers.length);
    expect(csvColumns(fundFieldColumns).map((c) => c.header)).toContain("legal_entity.tax_id");
  });

  it("keep values exactly as sent: long amounts, negatives, leading zeros, phone numbers", () => {
    const values = row();
    expect(values.commitment_amount).toBe("12345678901234567.89");
    expect(values.contributed_amount).toBe("-500.00");
    expect(values["investment_account.address.postal"]).toBe("02139");
    expect(values["investment_account.bank.account_number"]).toBe("000123456789");
    expect(values["investment_account.phone_number"]).toBe("+1 617 555 0100");
  });

  it("read the bank's name from either spelling, and write the team as Name <email>; Name", () => {
    const values = row();
    expect(values["investment_account.bank.bank_name"]).toBe("First Bank");
    expect(values.team_members).toBe("Ann Lee <ann@example.com>; Bo Chan");
  });

  it("leave null and absent as empty", () => {
    const values = row();
    expect(values["investment_account.address.city"]).toBeNull();
    expect(values["investment_account.trust_type"]).toBeUndefined();
  });
});
