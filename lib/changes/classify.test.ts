import { describe, expect, it } from "vitest";
import { amountChange, amountKind, fieldKind, recordChanges } from "./classify";

describe("the kind of a change", () => {
  it("calls contributed or received going up paid, and going down a correction", () => {
    expect(amountKind("contributed_amount", "10000.00")).toBe("paid");
    expect(amountKind("total_received", "0.01")).toBe("paid");
    expect(amountKind("contributed_amount", "-5.00")).toBe("correction");
    expect(amountKind("total_received", "-0.01")).toBe("correction");
  });

  it("calls capital due going up called, a commitment changed a correction, the rest other", () => {
    expect(amountKind("total_capital_due", "2500.00")).toBe("called");
    expect(amountKind("total_capital_due", "-2500.00")).toBe("other");
    expect(amountKind("commitment_amount", "100.00")).toBe("correction");
    expect(amountKind("commitment_amount", "-100.00")).toBe("correction");
    expect(amountKind("net_asset_value", "-3.00")).toBe("other");
    expect(amountKind("ownership_percent", null)).toBe("other");
  });

  it("calls an email or a bank detail a contact change", () => {
    for (const path of ["primary_contact.email", "bank.account_number", "wire_instructions.routing_number"])
      expect(fieldKind(path), path).toBe("contact");
    for (const path of ["investment_account.display_name", "primary_contact.phone", "date_invited"])
      expect(fieldKind(path), path).toBe("other");
  });
});

describe("a record's changes", () => {
  const before = {
    id: "i-1",
    contributed_amount: "1.0",
    investment_account: { display_name: "Ann", tax_id: "•••••1234" },
    primary_contact: { email: "ann@example.com" },
    tags: ["a"],
  };

  it("compares leaves, leaves amounts to SQL, and never shows a masked value", () => {
    const after = {
      ...before,
      contributed_amount: "1.00",
      investment_account: { display_name: "Ann B", tax_id: "•••••9876" },
      primary_contact: { email: "ann@evil.example" },
      tags: ["a", "b"],
    };
    expect(recordChanges(before, after)).toEqual([
      {
        field: "investment_account.display_name",
        kind: "other",
        before: "Ann",
        after: "Ann B",
        difference: null,
        masked: false,
        amount: false,
      },
      {
        field: "investment_account.tax_id",
        kind: "other",
        before: null,
        after: null,
        difference: null,
        masked: true,
        amount: false,
      },
      {
        field: "primary_contact.email",
        kind: "contact",
        before: "ann@example.com",
        after: "ann@evil.example",
        difference: null,
        masked: false,
        amount: false,
      },
      { field: "tags.1", kind: "other", before: null, after: "b", difference: null, masked: false, amount: false },
    ]);
  });

  it("finds nothing in the same record", () => {
    expect(recordChanges(before, structuredClone(before))).toEqual([]);
  });

  it("makes an amount's change a field change with its kind", () => {
    expect(
      amountChange({ key: "contributed_amount", before: "0.00", after: "10000.00", difference: "10000.00" }),
    ).toEqual({
      field: "contributed_amount",
      kind: "paid",
      before: "0.00",
      after: "10000.00",
      difference: "10000.00",
      masked: false,
      amount: true,
    });
  });
});

describe("how a change reads", () => {
  it("gives amounts before → after with the exact signed difference, and hides masked values", async () => {
    const { changeText, differenceText } = await import("./labels");
    const paid = amountChange({ key: "contributed_amount", before: "0.00", after: "10000.00", difference: "10000.00" });
    expect(changeText(paid)).toBe("Contributed 0.00 → 10,000.00 (+10,000.00)");
    expect(differenceText("commitment_amount", "-12345678901234567.89")).toBe("-12,345,678,901,234,567.89");
    const [taxId] = recordChanges({ a: { tax_id: "•••••1234" } }, { a: { tax_id: "•••••9876" } });
    expect(changeText(taxId!)).toBe("a.tax_id changed");
  });
});
