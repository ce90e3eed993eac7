import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./support/fixtures";
import { mediumFund } from "./support/investors";

async function violations(page: import("@playwright/test").Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.length} × ${v.nodes[0]?.target.join(" ")}`);
}

test("the funds grid, a fund page with its table and an investor page have no WCAG 2 A/AA violations", async ({
  page,
}) => {
  const { fundId, investors } = await mediumFund();
  await page.goto("/funds");
  await expect(page.getByRole("table", { name: "Funds" })).toBeVisible();
  expect(await violations(page)).toEqual([]);

  await page.goto(`/funds/${fundId}`);
  await expect(page.getByRole("table", { name: "Investors" })).toBeVisible();
  expect(await violations(page)).toEqual([]);

  await page.goto(`/funds/${fundId}/investors/${investors[0]!.id}`);
  await expect(page.getByRole("heading", { level: 2, name: "Investment", exact: true })).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test("the investor directory, an investor across funds and the open search have no WCAG 2 A/AA violations", async ({
  page,
}) => {
  await page.goto("/investors");
  await expect(page.getByRole("table", { name: "Investors" })).toBeVisible();
  expect(await violations(page)).toEqual([]);

  await page.getByRole("table", { name: "Investors" }).getByRole("link").first().click();
  await expect(page.getByRole("table", { name: "Positions" })).toBeVisible();
  expect(await violations(page)).toEqual([]);

  await page.keyboard.press("/");
  await page.getByRole("combobox", { name: "Search funds and investors" }).pressSequentially("a");
  await expect(page.getByRole("option").first()).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test("a fund's reconciliation and capital outstanding have no WCAG 2 A/AA violations", async ({ page }) => {
  const { fundId } = await mediumFund();
  await page.goto(`/funds/${fundId}`);
  await expect(page.getByRole("table", { name: "Fund checks" })).toBeVisible();
  expect(await violations(page)).toEqual([]);

  await page.goto("/outstanding");
  await expect(page.getByRole("table", { name: "Positions with capital outstanding" })).toBeVisible();
  expect(await violations(page)).toEqual([]);
});
