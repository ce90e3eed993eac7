import Big from "big.js";
import { expect, test } from "./support/fixtures";
import { columnTexts, plainNumber, sortBy } from "./support/table";
import { upstreamGet } from "./support/upstream";

interface FundLike {
  id: string;
  target_size?: string | null;
  organization_name?: string | null;
  portfolio_company_legal_name?: string | null;
  round_type?: string | null;
  security_type?: string | null;
  legal_entity?: { display_name?: string | null; legal_name?: string | null } | null;
}

const grid = (page: import("@playwright/test").Page) => page.getByRole("table", { name: "Funds" });

test("the grid lists every fund the token can see, each name a real link to its page", async ({ page }) => {
  const funds = await upstreamGet<FundLike[]>("/funds");
  await page.goto("/funds");
  await expect(page.getByText(`${funds.length} of ${funds.length} funds`)).toBeVisible();
  await expect(grid(page)).toHaveAttribute("aria-rowcount", String(funds.length + 1));
  const named = funds.find((fund) => fund.legal_entity?.display_name)!;
  const link = grid(page).getByRole("link", { name: named.legal_entity!.display_name!, exact: true });
  await expect(link).toHaveAttribute("href", `/funds/${named.id}`);
  // A fund without a display name falls back to its legal name.
  const unnamed = funds.find((fund) => !fund.legal_entity?.display_name && fund.legal_entity?.legal_name);
  if (unnamed) await expect(grid(page).getByRole("link", { name: unnamed.legal_entity!.legal_name! })).toBeVisible();
});

test("sorting Target size is numeric both ways, with empty values last", async ({ page }) => {
  const funds = await upstreamGet<FundLike[]>("/funds");
  const sizes = funds.map((fund) => fund.target_size).filter((size): size is string => !!size);
  const ascending = [...sizes].sort((a, b) => new Big(a).cmp(new Big(b)));
  await page.goto("/funds");

  await sortBy(page, grid(page), "Target size", "ascending");
  await expect(page).toHaveURL(/sort=target_size\.asc/);
  const shownAsc = (await columnTexts(grid(page), "Target size")).map(plainNumber);
  expect(shownAsc.slice(0, ascending.length).map((v) => v && new Big(v).toFixed())).toEqual(
    ascending.map((v) => new Big(v).toFixed()).slice(0, shownAsc.length),
  );

  await sortBy(page, grid(page), "Target size", "descending");
  await expect(page).toHaveURL(/sort=target_size\.desc/);
  const shownDesc = (await columnTexts(grid(page), "Target size")).map(plainNumber);
  expect(shownDesc[0]).toBe(new Big(ascending.at(-1)!).toFixed(2));
  const firstEmpty = shownDesc.indexOf(null);
  if (firstEmpty !== -1) expect(shownDesc.slice(firstEmpty).every((v) => v === null)).toBe(true);
});

test("search narrows the grid and the count, and the view survives reload and back/forward", async ({ page }) => {
  const funds = await upstreamGet<FundLike[]>("/funds");
  const term = "bluestem";
  // The grid searches its text columns: name, organization, portfolio company, round, security.
  const matching = funds.filter((fund) =>
    [
      fund.legal_entity?.display_name || fund.legal_entity?.legal_name || fund.id,
      fund.organization_name,
      fund.portfolio_company_legal_name,
      fund.round_type,
      fund.security_type,
    ].some((value) => value?.toLowerCase().includes(term)),
  );
  expect(matching.length).toBeGreaterThan(0);
  expect(matching.length).toBeLessThan(funds.length);
  await page.goto("/funds");
  await page.getByRole("searchbox", { name: "Search funds" }).fill(term);
  await expect(page.getByText(`${matching.length} of ${funds.length} funds`)).toBeVisible();
  await expect(page).toHaveURL(/q=bluestem/);
  await sortBy(page, grid(page), "Commitments", "ascending");
  await expect(page).toHaveURL(/sort=total_commitments\.asc/);

  await page.reload();
  await expect(page.getByRole("searchbox", { name: "Search funds" })).toHaveValue(term);
  await expect(page.getByText(`${matching.length} of ${funds.length} funds`)).toBeVisible();
  await expect(grid(page).locator('th[aria-sort="ascending"]')).toContainText("Commitments");

  await page.goBack();
  await expect(page).not.toHaveURL(/sort=/);
  await expect(grid(page).locator("th[aria-sort]")).toHaveCount(0);
  await expect(page.getByText(`${matching.length} of ${funds.length} funds`)).toBeVisible();
  await page.goForward();
  await expect(grid(page).locator('th[aria-sort="ascending"]')).toContainText("Commitments");
});

test("the page opens on the server's first screen; a sort made before the whole list has come waits for it", async ({
  page,
}) => {
  const funds = await upstreamGet<FundLike[]>("/funds");
  const sizes = funds.map((fund) => fund.target_size).filter((size): size is string => !!size);
  const largest = new Big([...sizes].sort((a, b) => new Big(b).cmp(new Big(a)))[0]!).toFixed(2);
  // The browser's fetch of the whole list is held until the test lets it go.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/fund-rows", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/funds");
  await expect(page.getByText(`${funds.length} of ${funds.length} funds`)).toBeVisible();
  await expect(grid(page).getByRole("link").first()).toBeVisible();

  const header = grid(page)
    .locator("thead th")
    .filter({ has: page.getByRole("button", { name: "Target size" }) });
  await header.getByRole("button").click();
  await header.getByRole("button").click();
  await expect(header).toHaveAttribute("aria-sort", "descending");
  await expect(grid(page)).toHaveAttribute("aria-busy", "true");
  release();
  await expect(grid(page)).not.toHaveAttribute("aria-busy");
  expect((await columnTexts(grid(page), "Target size")).map(plainNumber)[0]).toBe(largest);
});

test("a fund opens with its four panels filled, and the deal description stays text", async ({ page }) => {
  const funds = await upstreamGet<(FundLike & { deal_description?: string | null })[]>("/funds");
  const fund = funds.find((f) => f.deal_description?.includes("<script>")) ?? funds[0]!;
  await page.goto("/funds");
  await grid(page)
    .getByRole("link")
    .filter({ hasText: fund.legal_entity?.display_name ?? fund.legal_entity?.legal_name ?? fund.id })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/funds/${fund.id}$`));
  for (const title of ["Legal entity", "Bank", "Offering terms", "Aggregates"]) {
    await expect(page.getByRole("heading", { level: 2, name: title, exact: true })).toBeVisible();
  }
  await expect(page.getByRole("region", { name: "Aggregates" })).toContainText(/Total commitments\s*[\d,]+\.\d\d/);
  if (fund.deal_description?.includes("<script>")) {
    await expect(page.getByRole("region", { name: "Offering terms" })).toContainText("<script>");
  }
  await expect(page.locator("main")).not.toContainText(/\bnull\b|undefined|NaN|Invalid Date/);
});

test("a fund's Refresh reads its investors again and renders its panels anew; Reveal shows the full tax id", async ({
  page,
}) => {
  const funds = await upstreamGet<(FundLike & { legal_entity?: { tax_id?: string | null } | null })[]>("/funds");
  const fund = funds.find((f) => f.legal_entity?.tax_id)!;
  const taxId = fund.legal_entity!.tax_id!;
  await page.goto(`/funds/${fund.id}`);
  const checks = page.getByRole("region", { name: "Reconciliation" }).getByRole("table", { name: "Fund checks" });
  await expect(checks).toBeVisible();
  await expect(page.getByText(/^Updated /)).toBeVisible();

  const reread = page.waitForRequest((request) => /\/investor-rows\?.*refresh=1/.test(request.url()));
  await page.getByRole("button", { name: "Refresh" }).click();
  await reread;
  await expect(page.getByRole("button", { name: "Refresh" })).toBeEnabled();
  await expect(page.getByText(/^Updated /)).toBeVisible();
  await expect(checks).toBeVisible();
  await expect(page.getByRole("region", { name: "Aggregates" })).toContainText(/Capital outstanding/);

  expect(await page.content()).not.toContain(taxId);
  await page.getByRole("button", { name: "Reveal fund tax id" }).click();
  await expect(page.getByText(taxId, { exact: true })).toBeVisible();
});

test.describe("not found", () => {
  // Chromium logs the document's own 404 status as a console error.
  test.use({ allowedConsoleErrors: /status of 404/ });

  test("an unknown fund shows the not-found page with a way back, as HTTP 404", async ({ page }) => {
    const response = await page.goto("/funds/00000000-0000-4000-8000-000000000000");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Fund not available" })).toBeVisible();
    await page.getByRole("link", { name: "Back to all funds" }).click();
    await expect(page).toHaveURL(/\/funds$/);
  });
});
