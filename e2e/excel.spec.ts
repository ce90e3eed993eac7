import { expect, test } from "./support/fixtures";
import { downloadFromMenu, readDownload, type SavedCsv } from "./support/csv";
import { mediumFund } from "./support/investors";
import { readXlsx, type SavedXlsx, sameAsCsv } from "./support/xlsx";

const today = new Date().toISOString().slice(0, 10);

/** Same header, same rows in the same order, every cell holding exactly the CSV's value; counts the number cells. */
function expectSameAsCsv(xlsx: SavedXlsx, csv: SavedCsv, percentColumns: readonly string[]): number {
  expect(xlsx.header).toEqual(csv.header);
  expect(xlsx.rows).toHaveLength(csv.rows.length);
  let numbers = 0;
  xlsx.rows.forEach((cells, index) => {
    const row = csv.rows[index]!;
    csv.header.forEach((path, at) => {
      const cell = cells[at];
      if (typeof cell === "number") numbers += 1;
      expect(sameAsCsv(cell, row[path]!, percentColumns.includes(path)), `${row.id} ${path}: ${String(cell)}`).toBe(
        true,
      );
    });
  });
  return numbers;
}

function expectSheetShape(xlsx: SavedXlsx, name: RegExp) {
  expect(xlsx.sheet.name).toMatch(name);
  expect(xlsx.sheet.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
  expect(xlsx.sheet.autoFilter).toBeTruthy();
  expect(xlsx.sheet.getRow(1).getCell(1).font?.bold).toBe(true);
}

test("the funds grid's Excel file has the CSV's rows in its order, amounts as numbers, tax ids masked", async ({
  page,
}) => {
  await page.goto("/funds?q=northwind&sort=target_size.desc");
  const region = page.getByRole("region", { name: "Funds" });
  const csv = await readDownload(await downloadFromMenu(page, region, {}, "Download"));
  const download = await downloadFromMenu(page, region, {}, "Excel (.xlsx)");
  const xlsx = await readXlsx(download);
  expect(xlsx.name).toBe(`funds-${today}.xlsx`);
  expectSheetShape(xlsx, /^Funds$/);
  expect(csv.rows.length).toBeGreaterThan(0);
  const numbers = expectSameAsCsv(xlsx, csv, ["carry_percent", "management_fee_percent"]);
  expect(numbers).toBeGreaterThan(0);
  const targetSize = xlsx.header.indexOf("target_size");
  expect(xlsx.rows.some((cells) => typeof cells[targetSize] === "number")).toBe(true);
  const taxId = xlsx.header.indexOf("legal_entity.tax_id");
  for (const cells of xlsx.rows) expect(cells[taxId] ?? "•").toMatch(/^•/);
});

test("a fund's investors as Excel: the view's rows in order, masked tax ids and account numbers", async ({ page }) => {
  const { fundId } = await mediumFund();
  await page.goto(`/funds/${fundId}?type=individual,joint&sort=commitment_amount.desc&q=a`);
  const toolbar = page.locator("section[aria-labelledby=investors-heading]");
  const csv = await readDownload(await downloadFromMenu(page, toolbar, {}, "Download"));
  const xlsx = await readXlsx(await downloadFromMenu(page, toolbar, {}, "Excel (.xlsx)"));
  expect(xlsx.name).toMatch(new RegExp(`-investors-${today}\\.xlsx$`));
  expectSheetShape(xlsx, /^Investors - .{1,19}$/);
  const numbers = expectSameAsCsv(xlsx, csv, ["ownership_percent", "management_fee_percent", "carry_percent"]);
  expect(numbers).toBeGreaterThan(csv.rows.length);
  for (const path of ["investment_account.tax_id", "investment_account.bank.account_number"]) {
    const at = xlsx.header.indexOf(path);
    for (const cells of xlsx.rows) expect(cells[at] ?? "•", path).toMatch(/^•/);
  }
  const id = xlsx.header.indexOf("id");
  expect(xlsx.rows.every((cells) => typeof cells[id] === "string")).toBe(true);
});

test("the .xlsx routes take the CSV's parameters: a bad query answers 400 JSON, the directory's file streams", async ({
  request,
}) => {
  for (const query of ["sort=bogus.asc", "all=maybe", "q=a&q=b", "utm_source=x"]) {
    const response = await request.get(`/api/funds.xlsx?${query}`);
    expect(response.status(), query).toBe(400);
    expect((await response.json()).error, query).toBeTruthy();
  }
  const outstanding = await request.get("/api/outstanding.xlsx");
  expect([200, 409]).toContain(outstanding.status());
  if (outstanding.ok()) {
    expect(outstanding.headers()["content-type"]).toContain("spreadsheetml");
    expect([...(await outstanding.body()).subarray(0, 2)]).toEqual([0x50, 0x4b]); // a zip: "PK"
  }
});
