import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { appRoutes } from "./support/app-routes";
import { downloadFromMenu, parseCsv, readDownload, type SavedCsv } from "./support/csv";
import { wholeDirectory } from "./support/directory";
import { mediumFund } from "./support/investors";
import { upstreamPlanted } from "./support/upstream";
import { compareWithCsv, parseXlsx, readXlsx, type SavedXlsx } from "./support/xlsx";

const today = new Date().toISOString().slice(0, 10);

/** Same header, same rows in the same order, every cell holding exactly the CSV's value; counts the number cells. */
function expectSameAsCsv(xlsx: SavedXlsx, csv: SavedCsv): number {
  const { differences, numbers } = compareWithCsv(xlsx, csv);
  expect(differences).toEqual([]);
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
  const numbers = expectSameAsCsv(xlsx, csv);
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
  const numbers = expectSameAsCsv(xlsx, csv);
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

/**
 * The CSV views each .xlsx route is read back on (its twin: the same path and query, `.csv`). Every .xlsx route
 * under app/ must be here: the first test below fails for one that is not.
 */
const twins: Record<string, (request: APIRequestContext) => Promise<string[]>> = {
  "/api/funds.xlsx": async () => ["/api/funds.csv?sort=target_size.desc", "/api/funds.csv?all=1"],
  "/api/funds/[fundId]/investors.xlsx": async () => {
    const { fundId } = await mediumFund();
    return [`/api/funds/${fundId}/investors.csv?sort=commitment_amount.desc`];
  },
  // The funds whose reconciliation the demo made differ: a fund check, and investors' capital due.
  "/api/funds/[fundId]/reconciliation.xlsx": async () => {
    const { contributionLag, feeOmitted } = (await upstreamPlanted()).differences;
    return [contributionLag!.fundId, feeOmitted!.fundId].map((id) => `/api/funds/${id}/reconciliation.csv`);
  },
  // The directory's view and every position of every fund, once every fund is read (else a 409).
  "/api/investors.xlsx": async (request) => {
    await wholeDirectory(request);
    return ["/api/investors.csv?group=investor&sort=commitment_amount.desc", "/api/investors.csv"];
  },
  "/api/outstanding.xlsx": async (request) => {
    await wholeDirectory(request);
    return ["/api/outstanding.csv"];
  },
  // A note of this test's own with a follow-up, on a fund and on one of its investors: their cells, typed.
  "/api/notes.xlsx": async (request) => {
    const { fundId, investors } = await mediumFund();
    const headers = { "sec-fetch-site": "same-origin" };
    const followUp = { assignee: "otto@example.com", due: "2026-12-31", state: "waiting" };
    for (const data of [
      { fundId, text: "=1+1 is not a formula; neither is -500.00 a number here" },
      { fundId, investorId: investors[0]!.id, text: "Promised a wire", followUp },
    ])
      expect((await request.post("/api/notes", { data, headers })).status()).toBe(201);
    return [`/api/notes.csv?fund=${fundId}`];
  },
  // This year's statements (a fresh store's reads are this year's): one investor's row, then every investor's.
  "/api/funds/[fundId]/investors/[investorId]/statement.xlsx": async () => {
    const { fundId, investors } = await mediumFund();
    return [`/api/funds/${fundId}/investors/${investors[0]!.id}/statement.csv?period=${new Date().getUTCFullYear()}`];
  },
  "/api/funds/[fundId]/statements.xlsx": async () => {
    const { fundId } = await mediumFund();
    return [`/api/funds/${fundId}/statements.csv?period=${new Date().getUTCFullYear()}`];
  },
  // Nothing changes in this project's upstream: the header here; changes.spec.ts compares rows after a payment.
  "/api/changes.xlsx": async () => ["/api/changes.csv?since=30d"],
  // Two reveals of this test's own (every look at the trail is a row too, so the view is these reveals only).
  "/api/audit.xlsx": async (request) => {
    const { fundId, investors } = await mediumFund();
    const investor = investors.filter((i) => i.investment_account?.tax_id).at(-2)!;
    for (const field of ["tax_id", "account_number"]) {
      const reveal = `/api/funds/${fundId}/investors/${investor.id}/sensitive?field=${field}`;
      expect((await request.get(reveal, { headers: { "sec-fetch-site": "same-origin" } })).status()).toBe(200);
    }
    return [`/api/audit.csv?action=reveal&investor=${investor.id}`];
  },
};

const xlsxRoutes = appRoutes()
  .filter((route) => route.kind === "handler" && route.template.endsWith(".xlsx"))
  .map((route) => route.template);

test("every .xlsx route under app/ has its CSV twin read back below", () => {
  expect(xlsxRoutes.length).toBeGreaterThanOrEqual(7);
  expect(xlsxRoutes.filter((template) => !(template in twins))).toEqual([]);
});

async function fetched(request: APIRequestContext, url: string) {
  const response = await request.get(url);
  expect(response.status(), url).toBe(200);
  const name = /filename="([^"]+)"/.exec(response.headers()["content-disposition"] ?? "")?.[1] ?? "";
  return { name, bytes: await response.body() };
}

for (const template of xlsxRoutes) {
  test(`${template} holds its CSV twin's cells: exact numbers, dates as dates, text as sent`, async ({ request }) => {
    test.setTimeout(60_000);
    const views = await twins[template]!(request);
    for (const url of views) {
      const csvFile = await fetched(request, url);
      const xlsxFile = await fetched(request, url.replace(/\.csv(?=\?|$)/, ".xlsx"));
      expect(xlsxFile.name, url).toBe(csvFile.name.replace(/\.csv$/, ".xlsx"));
      const csv = parseCsv(csvFile.bytes, csvFile.name);
      const xlsx = await parseXlsx(xlsxFile.bytes, xlsxFile.name);
      const { differences, numbers } = compareWithCsv(xlsx, csv);
      expect(differences, url).toEqual([]);
      if (template === "/api/changes.xlsx") continue;
      expect(csv.rows.length, url).toBeGreaterThan(0);
      // A notes file holds no amount: its dates are typed, its text is as typed.
      if (template !== "/api/notes.xlsx") expect(numbers, url).toBeGreaterThan(0);
    }
  });
}
