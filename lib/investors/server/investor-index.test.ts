import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Investor } from "../../customer-api/schemas";
import { applyView } from "../../table/view";
import { investorColumns } from "../columns";
import { InvestorIndex } from "./investor-index";
import type { InvestorView } from "../search-params";
import { investorViewOptions } from "../view-options";

const names = ["Zoë Adams", "adam Ng", "Émile Roy", "Bea Quinn", "Carl Quist", "", "Dana Lee", "Eve Quay"];
const investors = names.map(
  (name, i) =>
    ({
      id: `00000000-0000-4000-8000-00000000000${i}`,
      investment_account: { display_name: name || null, investor_type: i % 3 === 0 ? "Entity" : "individual" },
      commitment_amount: i === 5 ? null : i % 2 === 0 ? `${1000 + i}.10` : 900 + i,
      contributed_amount: "0.10",
    }) as unknown as Investor,
);
const index = new InvestorIndex(investors, "v1", 1_700_000_000_000, { id: "fund" });
const ids = (rows: readonly Investor[]) => rows.map((row) => row.id.at(-1)).join("");

const views: InvestorView[] = [
  { sort: null, q: "", type: [], check: null, outstanding: false, changed: null },
  {
    sort: { id: "commitment_amount", direction: "desc" },
    q: "",
    type: [],
    check: null,
    outstanding: false,
    changed: null,
  },
  { sort: { id: "name", direction: "asc" }, q: "qu", type: [], check: null, outstanding: false, changed: null },
  {
    sort: { id: "commitment_amount", direction: "asc" },
    q: "",
    type: ["entity"],
    check: null,
    outstanding: false,
    changed: null,
  },
  { sort: { id: "name", direction: "desc" }, q: "nobody", type: [], check: null, outstanding: false, changed: null },
];

describe("InvestorIndex", () => {
  it("gives the same rows in the same order as applyView (and so as the CSV export) for every view", async () => {
    for (const view of views) {
      const expected = applyView(investors, investorColumns, investorViewOptions(view, null));
      expect(ids(await index.rows(view))).toBe(ids(expected));
      const pages = (await Promise.all([0, 3, 6].map((offset) => index.page(view, offset, 3, [])))).flatMap(
        (page) => page.rows,
      );
      expect(ids(pages)).toBe(ids(expected));
      expect((await index.page(view, 0, 3, [])).matched).toBe(expected.length);
    }
  });

  it("searches as applyView does: any part of a searchable column, any case, never across two investors", async () => {
    const needle = fc.oneof(
      fc.constantFrom(
        " Qu ",
        "ADAM",
        "ë",
        "é",
        "ams\u0000",
        "\u0000",
        "lee\u0000adam",
        "\u0000adam",
        "\u0000émile",
        "n\u0001",
        "1003.1",
        "zz",
      ),
      fc
        .constantFrom(...names.filter(Boolean))
        .chain((name) =>
          fc
            .tuple(fc.nat(name.length), fc.nat(name.length))
            .map(([a, b]) => name.slice(Math.min(a, b), Math.max(a, b))),
        ),
    );
    await fc.assert(
      fc.asyncProperty(needle, fc.constantFrom<string[]>([], ["entity"]), async (q, type) => {
        const view: InvestorView = { sort: null, q, type, check: null, outstanding: false, changed: null };
        const fresh = new InvestorIndex(investors, "v1", 1, { id: "fund" });
        const expected = applyView(investors, investorColumns, investorViewOptions(view, null));
        expect(ids(await fresh.rows(view))).toBe(ids(expected));
      }),
      { numRuns: 300 },
    );
  });

  it("totals the whole view exactly, not only the page, and counts types over the fund", async () => {
    const page = await index.page(
      { sort: null, q: "", type: ["entity"], check: null, outstanding: false, changed: null },
      0,
      1,
      [],
    );
    expect(page.rows).toHaveLength(1);
    expect(page.matched).toBe(3);
    expect(page.totals.commitment_amount).toBe("2909.2"); // 1000.10 + 903 + 1006.10
    expect(page.totals.contributed_amount).toBe("0.3");
    expect(page.types).toEqual([
      { value: "entity", count: 3 },
      { value: "individual", count: 5 },
    ]);
    expect(page.total).toBe(8);
    expect(page.version).toBe("v1");
    expect(page.fetchedAt).toBe(new Date(1_700_000_000_000).toISOString());
  });

  it("sizes only the asked-for columns, over every row of the fund", async () => {
    const page = await index.page(
      { sort: null, q: "qu", type: [], check: null, outstanding: false, changed: null },
      0,
      1,
      ["name", "commitment_amount"],
    );
    expect(Object.keys(page.longest).sort()).toEqual(["commitment_amount", "name"]);
    expect(page.longest.name).toBe(36); // the nameless investor shows its id
    expect(page.longest.commitment_amount).toBe("1,006.10".length);
  });

  it("finds an investor's place and neighbours in a view, and says when it is not in it", async () => {
    const view = views[1]!;
    const order = (await index.rows(view)).map((row) => row.id);
    const near = await index.neighbours(view, order[2]!);
    expect(near).toEqual({ position: 3, matched: 8, previous: { id: order[1] }, next: { id: order[3] } });
    expect((await index.neighbours(view, order[0]!)).previous).toBeNull();
    expect((await index.neighbours(view, order.at(-1)!)).next).toBeNull();
    expect(await index.neighbours(views[4]!, order[0]!)).toEqual({
      position: null,
      matched: 0,
      previous: null,
      next: null,
    });
  });

  it("refuses a type neither the spec nor the fund has, so junk filters cannot make new views", async () => {
    await expect(
      index.page({ sort: null, q: "", type: ["junk1"], check: null, outstanding: false, changed: null }, 0, 1, []),
    ).rejects.toMatchObject({
      name: "BadRequest",
    });
    expect(
      (
        await index.page(
          { sort: null, q: "", type: ["trust"], check: null, outstanding: false, changed: null },
          0,
          1,
          [],
        )
      ).matched,
    ).toBe(0);
  });

  it("lets other work run while a new view of a big list is worked out", async () => {
    const many = Array.from({ length: 5_000 }, (_, i) => ({ ...investors[i % investors.length]!, id: `id-${i}` }));
    const big = new InvestorIndex(many, "v1", 1, { id: "fund" });
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 0);
    await big.page({ sort: null, q: "a", type: [], check: null, outstanding: false, changed: null }, 0, 1, []);
    clearInterval(ticker);
    expect(ticks).toBeGreaterThan(0);
  });
});

describe("InvestorIndex.page rows", () => {
  it("carry only the fields of the columns asked for, each shown as the full record would show it", async () => {
    const view = views[0]!;
    const page = await index.page(view, 0, 8, ["name", "commitment_amount"]);
    expect(page.rows[0]).toEqual({
      id: investors[0]!.id,
      investment_account: { display_name: "Zoë Adams" },
      commitment_amount: "1000.10",
    });
    for (const column of investorColumns.filter((c) => c.id === "name" || c.id === "commitment_amount"))
      expect(page.rows.map((row) => column.value(row))).toEqual(investors.map((row) => column.value(row)));
    expect(page.rows.some((row) => "contributed_amount" in row)).toBe(false);
  });
});

describe("InvestorIndex.pageBytes", () => {
  it("is the JSON of page(), the same bytes for a repeated page, and different for another view", async () => {
    const view = views[1]!;
    const bytes = await index.pageBytes(view, 0, 3, ["name"]);
    expect(JSON.parse(new TextDecoder().decode(bytes))).toEqual(
      JSON.parse(JSON.stringify(await index.page(view, 0, 3, ["name"]))),
    );
    expect(await index.pageBytes(view, 0, 3, ["name"])).toBe(bytes);
    expect(await index.pageBytes(view, 3, 3, ["name"])).not.toBe(bytes);
  });

  it("filters a changed view to the ids it is given, and keys the view by them", async () => {
    const view: InvestorView = { sort: null, q: "", type: [], check: null, outstanding: false, changed: "7d" };
    const some = investors.slice(0, 2).map((investor) => investor.id);
    expect((await index.page(view, 0, 10, [], new Set(some))).rows.map((row) => row.id)).toEqual(some);
    expect((await index.page(view, 0, 10, [], new Set([investors[2]!.id]))).matched).toBe(1);
    expect((await index.page(view, 0, 10, [], new Set())).matched).toBe(0);
  });
});
