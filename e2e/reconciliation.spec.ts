import Big from "big.js";
import { readDownload } from "./support/csv";
import { expect, test } from "./support/fixtures";
import { columnTexts, plainNumber } from "./support/table";
import { upstreamGet, upstreamPlanted } from "./support/upstream";

type Page = import("@playwright/test").Page;

const panel = (page: Page) => page.getByRole("region", { name: "Reconciliation" });
const checkRow = (page: Page, label: string) =>
  panel(page)
    .getByRole("table", { name: "Fund checks" })
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: label }) });

/** The organization's held lists are read in the background: wait until every fund has a line. */
async function summaries(request: import("@playwright/test").APIRequestContext) {
  let body: { funds: Record<string, { status: string; differences: number }>; complete: boolean } | null = null;
  await expect
    .poll(async () => (body = await (await request.get("/api/reconciliation")).json()).complete, { timeout: 30_000 })
    .toBe(true);
  return body!.funds;
}

test("a fund whose total contributed lags shows the exact gap, and the differences download names it", async ({
  page,
}) => {
  const lag = (await upstreamPlanted()).differences.contributionLag!;
  await page.goto(`/funds/${lag.fundId}`);
  await expect(panel(page).getByText("1 difference", { exact: true })).toBeVisible();
  const row = checkRow(page, "Total contributed");
  await expect(row.getByRole("cell").last()).toContainText("Differs");
  const expected = new Big(lag.fundTotalContributed).minus(lag.investorsTotalContributed);
  expect(expected.eq(new Big(lag.contributedAmount).neg())).toBe(true);
  expect(plainNumber(await row.locator("[data-difference]").innerText())).toBe(expected.toFixed(2));
  await expect(checkRow(page, "Total commitments").getByRole("cell").last()).toHaveText("Holds");

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    panel(page).getByRole("button", { name: "Download the differences (CSV)" }).click(),
  ]);
  const csv = await readDownload(download);
  expect(csv.rows).toEqual([
    {
      check: "total_contributed",
      investorId: "",
      investor: "",
      given: lag.fundTotalContributed,
      expected: lag.investorsTotalContributed,
      difference: expected.toFixed(2),
    },
  ]);
});

test("investors whose capital due leaves out the fee: the link filters the table to exactly them", async ({ page }) => {
  const omitted = (await upstreamPlanted()).differences.feeOmitted!;
  const ids = omitted.investors.map((investor) => investor.investorId).sort();
  await page.goto(`/funds/${omitted.fundId}`);
  await expect(panel(page).getByText("1 difference", { exact: true })).toBeVisible();
  await panel(page)
    .getByRole("link", { name: `${ids.length} investors differ` })
    .click();
  await expect(page).toHaveURL(`/funds/${omitted.fundId}?check=total_capital_due`);
  const table = page.getByRole("table", { name: "Investors" });
  await expect(page.getByText(`${ids.length} of`, { exact: false }).first()).toBeVisible();
  await expect(table.locator("tbody tr:not([aria-hidden])")).toHaveCount(ids.length);
  const hrefs = await table
    .locator("tbody a[href*='/investors/']")
    .evaluateAll((links) =>
      links.map((link) => new URL(link.getAttribute("href")!, "http://x").pathname.split("/").at(-1)!),
    );
  expect(hrefs.sort()).toEqual(ids);
  // Each shown capital due is the one served, short of the formula by exactly the fee.
  const shown = (await columnTexts(table, "Total capital due")).map(plainNumber).sort();
  expect(shown).toEqual(omitted.investors.map((investor) => investor.totalCapitalDue).sort());

  await page.getByRole("button", { name: "Show all" }).click();
  await expect(page).toHaveURL(`/funds/${omitted.fundId}`);
});

test("a fund counting an invited investor it does not list differs by exactly one", async ({ page }) => {
  const uncounted = (await upstreamPlanted()).differences.uncountedInvestor!;
  await page.goto(`/funds/${uncounted.fundId}`);
  const row = checkRow(page, "Investor count");
  await expect(row.getByRole("cell").last()).toContainText("Differs");
  expect(await row.getByRole("cell").allInnerTexts()).toEqual(
    expect.arrayContaining([String(uncounted.investorCount), String(uncounted.listed), "1"]),
  );
});

test("a fund whose figures agree with its investors says it ties out", async ({ page, request }) => {
  const planted = (await upstreamPlanted()).differences;
  const plantedIds = [planted.contributionLag, planted.uncountedInvestor, planted.feeOmitted].map((p) => p?.fundId);
  const lines = await summaries(request);
  const tying = Object.entries(lines).find(([id, line]) => line.status === "ties" && !plantedIds.includes(id))![0];
  await page.goto(`/funds/${tying}`);
  await expect(panel(page).getByText("Ties out", { exact: true })).toBeVisible();
  const results = await panel(page)
    .getByRole("table", { name: "Fund checks" })
    .locator("tbody td:last-child")
    .allInnerTexts();
  expect(results).toEqual(["Holds", "Holds", "Holds", "Holds", "Holds"]);
  await expect(panel(page).getByText("every investor agrees")).toHaveCount(2);
});

test("the Funds grid's Reconciliation column filters to the funds that differ and sorts by differences", async ({
  page,
  request,
}) => {
  const planted = (await upstreamPlanted()).differences;
  const lines = await summaries(request);
  const differing = Object.entries(lines).filter(([, line]) => line.status === "differs");
  expect(differing.map(([id]) => id).sort()).toEqual(
    [planted.contributionLag!.fundId, planted.uncountedInvestor!.fundId, planted.feeOmitted!.fundId].sort(),
  );
  const funds = await upstreamGet<{ id: string }[]>("/funds");

  await page.goto("/funds?reconciliation=differs");
  const grid = page.getByRole("table", { name: "Funds" });
  await expect(page.getByText(`${differing.length} of ${funds.length} funds`)).toBeVisible();
  expect(await columnTexts(grid, "Reconciliation")).toEqual(differing.map(() => "1 difference"));

  await page.goto("/funds?sort=reconciliation.desc");
  const texts = await columnTexts(grid, "Reconciliation");
  expect(texts.slice(0, differing.length)).toEqual(differing.map(() => "1 difference"));
  expect(texts.slice(differing.length).every((text) => text === "Ties out" || text === "could not be read")).toBe(true);

  // The facet filter writes the same URL a person can paste.
  await page.goto("/funds");
  await page.getByText("Reconciliation: all").click();
  await page.getByRole("checkbox", { name: /Ties out/ }).check();
  await expect(page).toHaveURL(/reconciliation=ties/);
  const tying = Object.values(lines).filter((line) => line.status === "ties").length;
  await expect(page.getByText(`${tying} of ${funds.length} funds`)).toBeVisible();
});
