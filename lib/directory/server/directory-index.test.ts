import { createHash } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import type { Investor } from "../../customer-api/schemas";
import { maskSecrets } from "../../customer-api/mask";

vi.mock("../../server/env", () => ({ serverEnv: () => ({ DIRECTORY_MATCH_SECRET: "k".repeat(40) }) }));
const { directoryIndexOf } = await import("./directory-index");
const { normalizedEmail, normalizedTaxId, taxKeyOf } = await import("../../fund-reads/server/match-key");
const { positionOf } = await import("../../fund-reads/server/positions");

function investor(
  id: string,
  taxId: string | null,
  email: string | null,
  commitment: string,
  invited = "2024-01-01T00:00:00.000Z",
): Investor {
  return {
    id,
    investment_account: { legal_name: `Legal ${id}`, investor_type: "Individual", tax_id: taxId },
    primary_contact: { full_name: `Person ${id}`, email },
    commitment_amount: commitment,
    contributed_amount: "0.10",
    date_invited: invited,
  } as Investor;
}

/** As the list read does it: the tax key from the record before masking, the position from the masked record. */
const position = (fundId: string, raw: Investor) => positionOf(fundId, maskSecrets(raw), taxKeyOf(raw));

describe("match keys", () => {
  it("compare tax ids by their letters and digits, upper-cased, and emails trimmed and lower-cased", () => {
    expect(normalizedTaxId("47-305 8816")).toBe(normalizedTaxId("473058816"));
    expect(normalizedTaxId("de-811 569 869")).toBe("DE811569869");
    expect(normalizedTaxId(" - ")).toBeNull();
    expect(normalizedEmail("  Ann.Lee@Example.COM ")).toBe("ann.lee@example.com");
    expect(taxKeyOf(investor("a", "47-305-8816", null, "1"))).toBe(taxKeyOf(investor("b", "473058816", null, "1")));
  });
});

describe("DirectoryIndex", () => {
  const raws: [string, Investor][] = [
    ["fund-1", investor("a", "47-305-8816", "ann@x.example", "12345678901234567.89", "2023-01-01T00:00:00.000Z")],
    ["fund-2", investor("b", "473058816", " ANN@x.example ", "0.11", "2025-06-01T00:00:00.000Z")],
    ["fund-3", investor("c", null, "ann@x.example", "100")],
    ["fund-1", investor("d", "98-7654321", "office@y.example", "5")],
    ["fund-2", investor("e", "11-1111111", "office@y.example", "7")],
  ];
  const index = directoryIndexOf(raws.map(([fundId, raw]) => position(fundId, raw)));

  it("is one investor per person across funds, with exact sums and details from the latest invitation", async () => {
    const page = await index.page({ sort: { id: "commitment_amount", direction: "desc" }, q: "", type: [] }, 0, 10);
    expect(page.total).toBe(3);
    const [ann] = page.rows;
    expect(ann).toMatchObject({
      name: "Legal b",
      email: "ANN@x.example",
      funds: 3,
      commitment_amount: "12345678901234668",
      contributed_amount: "0.3",
    });
    expect(page.totals.commitment_amount).toBe("12345678901234680");
    expect(index.investor(ann!.key)?.matchedBy).toBe("tax_id");
  });

  it("searches names, emails and a tax id's last 4, and filters by type", async () => {
    expect((await index.page({ sort: null, q: "8816", type: [] }, 0, 10)).rows.map((row) => row.funds)).toEqual([3]);
    expect((await index.page({ sort: null, q: "office@y", type: [] }, 0, 10)).matched).toBe(2);
    expect((await index.page({ sort: null, q: "", type: ["entity"] }, 0, 10)).matched).toBe(0);
    expect(index.search("legal", 8).map((row) => row.name)).toEqual(["Legal b", "Legal d", "Legal e"]);
  });

  it("holds no tax id, nor an unkeyed hash of one: keys are opaque", () => {
    const held = JSON.stringify([index.rows, [...raws.keys()].map((at) => position(raws[at]![0], raws[at]![1]))]);
    for (const taxId of ["47-305-8816", "473058816", "98-7654321", "987654321", "11-1111111"]) {
      expect(held).not.toContain(taxId);
      for (const encoding of ["hex", "base64", "base64url"] as const) {
        expect(held).not.toContain(createHash("sha256").update(taxId).digest(encoding));
        expect(held).not.toContain(createHash("sha256").update(normalizedTaxId(taxId)!).digest(encoding));
      }
    }
    for (const row of index.rows) expect(row.key).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(held).toContain("8816");
  });
});
