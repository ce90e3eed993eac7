import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "./support/fixtures";
import { downloadCsv, expectedCell, readDownload } from "./support/csv";
import { investorName, mediumFund, type InvestorLike } from "./support/investors";
import { columnTexts } from "./support/table";
import { upstreamGet } from "./support/upstream";

const today = new Date().toISOString().slice(0, 10);

test("the funds grid downloads exactly its view: same rows, same order, same values as the proxy", async ({ page }) => {
  await page.goto("/funds?q=northwind&sort=target_size.desc");
  const grid = page.getByRole("table", { name: "Funds" });
  const shownNames = await columnTexts(grid, "Fund");
  const csv = await downloadCsv(page, page.getByRole("region", { name: "Funds" }));
  expect(csv.name).toBe(`funds-${today}.csv`);
  expect(csv.bytes[0]).not.toBe(0xef); // no BOM by default
  expect(csv.header).toContain("legal_entity.display_name");
  expect(csv.rows.map((r) => r["legal_entity.display_name"] || r["legal_entity.legal_name"] || r.id)).toEqual(
    shownNames,
  );

  const proxy = (await (await page.request.get("/api/funds")).json()) as { id: string }[];
  for (const row of csv.rows) {
    const record = proxy.find((fund) => fund.id === row.id)!;
    for (const path of csv.header) expect(row[path], `${row.id} ${path}`).toBe(expectedCell(record, path));
  }
  expect(
    csv.rows.every((row) => row["legal_entity.tax_id"] === "" || row["legal_entity.tax_id"]!.startsWith("•")),
  ).toBe(true);
});

test("the investor table downloads its filtered, sorted view, and every row when asked", async ({ page }) => {
  const { fundId, investors } = await mediumFund();
  await page.goto(`/funds/${fundId}?type=individual,joint&sort=commitment_amount.desc&q=a`);
  const countText = await page.getByText(/ of [\d,]+ investors$/).innerText();
  const shown = Number(countText.split(" of ")[0]!.replace(/,/g, ""));
  const shownNames = await columnTexts(page.getByRole("table", { name: "Investors" }), "Investor");
  const toolbar = page.locator("section[aria-labelledby=investors-heading]");

  const csv = await downloadCsv(page, toolbar);
  expect(csv.name).toMatch(new RegExp(`-investors-${today}\\.csv$`));
  expect(csv.rows).toHaveLength(shown);
  const csvNames = csv.rows.map((r) =>
    investorName({
      id: r.id!,
      investment_account: {
        display_name: r["investment_account.display_name"],
        legal_name: r["investment_account.legal_name"],
      },
      primary_contact: { full_name: r["primary_contact.full_name"] },
    }),
  );
  expect(csvNames.slice(0, shownNames.length)).toEqual(shownNames);

  const proxy = (await (await page.request.get(`/api/funds/${fundId}/investors`)).json()) as InvestorLike[];
  for (const row of csv.rows) {
    const record = proxy.find((investor) => investor.id === row.id)!;
    for (const path of csv.header) expect(row[path], `${row.id} ${path}`).toBe(expectedCell(record, path));
  }

  const all = await downloadCsv(page, toolbar, { all: true });
  expect(all.rows).toHaveLength(investors.length);
});

test("sensitive fields come only when ticked, with an audit line; the Excel option adds a BOM", async ({ page }) => {
  const { fundId, investors } = await mediumFund();
  await page.goto(`/funds/${fundId}`);
  const toolbar = page.locator("section[aria-labelledby=investors-heading]");
  const csv = await downloadCsv(page, toolbar, { all: true, sensitive: true, bom: true });
  expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  for (const row of csv.rows) {
    const upstream = investors.find((investor) => investor.id === row.id)!;
    expect(row["investment_account.tax_id"]).toBe(upstream.investment_account?.tax_id ?? "");
  }
  const log = readFileSync(join(process.cwd(), ".e2e", "app.log"), "utf8");
  const audit = log.split("\n").filter((line) => line.includes('"event":"audit_sensitive_export"'));
  expect(audit.some((line) => line.includes(`"rows":${investors.length}`) && line.includes(fundId))).toBe(true);
  const taxIds = investors.map((i) => i.investment_account?.tax_id).filter((t): t is string => !!t);
  for (const taxId of taxIds) expect(log.includes(taxId)).toBe(false);
});

test("All investors (CSV) gives every investor of every fund, fund id and name first", async ({ page }) => {
  const funds = await upstreamGet<{ id: string }[]>("/funds");
  // The investors listed, not the funds' investor_count (a fund may count an invited investor not yet listed).
  const listed = await Promise.all(funds.map((fund) => upstreamGet<unknown[]>(`/funds/${fund.id}/investors`)));
  const total = listed.reduce((sum, investors) => sum + investors.length, 0);
  await page.goto("/funds");
  const [download] = await Promise.all([
    page.waitForEvent("download", { timeout: 60_000 }),
    page.getByRole("button", { name: "All investors (CSV)" }).click(),
  ]);
  const csv = await readDownload(download);
  expect(csv.name).toBe(`all-investors-${today}.csv`);
  expect(csv.header.slice(0, 3)).toEqual(["fund.id", "fund.name", "id"]);
  expect(csv.rows).toHaveLength(total);
  const fundOrder = [...new Set(csv.rows.map((row) => row["fund.id"]))];
  expect(fundOrder).toEqual(funds.filter((_, index) => listed[index]!.length > 0).map((fund) => fund.id));
});

test("a bad CSV query answers 400 JSON before any byte of CSV", async ({ request }) => {
  for (const query of ["sort=bogus.asc", "sort=name.sideways", "all=maybe", "q=a&q=b", "utm_source=x", "type=entity"]) {
    const response = await request.get(`/api/funds.csv?${query}`);
    expect(response.status(), query).toBe(400);
    expect((await response.json()).error, query).toBeTruthy();
  }
});
