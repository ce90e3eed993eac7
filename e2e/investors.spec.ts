import Big from "big.js";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { defaultInvestorColumnIds } from "../lib/investors/columns";
import { investorName, mediumFund, type InvestorLike } from "./support/investors";
import { signInOnPage } from "./support/session";
import { columnTexts, plainNumber, scrollToEnd, sortBy } from "./support/table";
import { upstreamGet } from "./support/upstream";

const table = (page: Page) => page.getByRole("table", { name: "Investors" });
const scroller = (page: Page) => page.getByRole("region", { name: "Investors (scrollable)" });

function searchable(investor: InvestorLike): string[] {
  const account = investor.investment_account;
  return [
    investorName(investor),
    account?.legal_name,
    account?.display_name,
    investor.primary_contact?.email,
    account?.joint_legal_name,
    ...(investor.team_members ?? []).flatMap((m) => [m.member_name, m.member_email]),
  ].filter((v): v is string => !!v);
}

test("sorting by Commitment is numeric both ways, empty commitments last", async ({ page }) => {
  const funds = await upstreamGet<{ id: string; investor_count?: number }[]>("/funds");
  const big = funds.reduce((a, b) => ((a.investor_count ?? 0) > (b.investor_count ?? 0) ? a : b));
  const investors = await upstreamGet<InvestorLike[]>(`/funds/${big.id}/investors`);
  const amounts = investors.map((i) => i.commitment_amount).filter((v): v is string => !!v);
  const empties = investors.length - amounts.length;
  const ascending = amounts
    .map((v) => new Big(v))
    .sort((a, b) => a.cmp(b))
    .map((v) => v.toFixed(2));
  await page.goto(`/funds/${big.id}`);

  await sortBy(page, table(page), "Commitment", "ascending");
  const firstAsc = (await columnTexts(table(page), "Commitment")).map(plainNumber).slice(0, 20);
  expect(firstAsc.map((v) => v && new Big(v).toFixed(2))).toEqual(ascending.slice(0, 20));

  await sortBy(page, table(page), "Commitment", "descending");
  const firstDesc = (await columnTexts(table(page), "Commitment")).map(plainNumber).slice(0, 20);
  expect(firstDesc.map((v) => v && new Big(v).toFixed(2))).toEqual([...ascending].reverse().slice(0, 20));

  // Scrolled to the bottom, the empty commitments come last in descending order too.
  await scrollToEnd(scroller(page), table(page));
  const tail = (await columnTexts(table(page), "Commitment")).map(plainNumber);
  expect(empties, "the demo fund has investors without a commitment").toBeGreaterThan(0);
  expect(tail.at(-1)).toBeNull();
  const firstEmpty = tail.indexOf(null);
  expect(tail.slice(firstEmpty).every((v) => v === null)).toBe(true);
});

test("once the table has settled, a header click paints its new order from what was fetched ahead", async ({
  page,
}) => {
  const { fundId, investors } = await mediumFund();
  const asked: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/investor-rows")) asked.push(decodeURIComponent(request.url()));
  });
  await page.goto(`/funds/${fundId}`);
  // Without a hover or a click, the browser asks for the order each visible header's click would give.
  const notAhead = () => defaultInvestorColumnIds.filter((id) => !asked.some((url) => url.includes(`sort=${id}.asc&`)));
  await expect.poll(notAhead).toEqual([]);
  const before = asked.length;

  await sortBy(page, table(page), "Commitment", "ascending");
  const smallest = investors
    .map((investor) => investor.commitment_amount)
    .filter((amount): amount is string => !!amount)
    .map((amount) => new Big(amount))
    .sort((a, b) => a.cmp(b))[0]!;
  const first = (await columnTexts(table(page), "Commitment")).map(plainNumber)[0];
  expect(first && new Big(first).toFixed(2)).toBe(smallest.toFixed(2));
  expect(asked.slice(before).filter((url) => url.includes("sort=commitment_amount.asc"))).toEqual([]);
});

test("search and the type filter narrow the rows and the count; the footer totals are exact", async ({ page }) => {
  const { fundId, investors } = await mediumFund();
  const member = investors.find((i) => i.team_members?.[0]?.member_name)?.team_members?.[0]?.member_name;
  const term = (member ?? investorName(investors[0]!)).split(" ").at(-1)!.toLowerCase();
  const matching = investors.filter((i) => searchable(i).some((v) => v.toLowerCase().includes(term)));
  await page.goto(`/funds/${fundId}`);
  await expect(page.getByText(`${investors.length} of ${investors.length} investors`)).toBeVisible();

  await page.getByRole("searchbox", { name: "Search investors" }).fill(term);
  await expect(page.getByText(`${matching.length} of ${investors.length} investors`)).toBeVisible();
  await page.getByRole("searchbox", { name: "Search investors" }).fill("");

  const individuals = investors.filter((i) => i.investment_account?.investor_type?.toLowerCase() === "individual");
  await page.getByText("Type: all").click();
  await page.getByRole("checkbox", { name: /^individual/ }).check();
  await expect(page.getByText(`${individuals.length} of ${investors.length} investors`)).toBeVisible();
  await expect(page).toHaveURL(/type=individual/);

  const expected = individuals.reduce(
    (sum, i) => (i.commitment_amount ? sum.plus(i.commitment_amount) : sum),
    new Big(0),
  );
  const shown = await table(page).locator('tfoot td[data-total="commitment_amount"]').innerText();
  expect(new Big(plainNumber(shown)!).eq(expected)).toBe(true);
  const unfunded = individuals.reduce(
    (sum, i) => (i.unfunded_commitment_amount ? sum.plus(i.unfunded_commitment_amount) : sum),
    new Big(0),
  );
  const shownUnfunded = await table(page).locator('tfoot td[data-total="unfunded_commitment_amount"]').innerText();
  expect(new Big(plainNumber(shownUnfunded)!).eq(unfunded)).toBe(true);
});

test("a row opens its investor page, which also opens cold from a pasted link", async ({ page, browser }) => {
  const { fundId, investors } = await mediumFund();
  const investor = investors[3]!;
  await page.goto(`/funds/${fundId}`);
  await table(page)
    .getByRole("link", { name: investorName(investor), exact: true })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/funds/${fundId}/investors/${investor.id}`));
  await expect(page.getByRole("heading", { level: 1, name: investorName(investor) })).toBeVisible();
  for (const title of ["Investment", "Investment account", "Bank", "Primary contact", "Team members"]) {
    await expect(page.getByRole("heading", { level: 2, name: title, exact: true })).toBeVisible();
  }

  // Pasted into a fresh browser: sign in first, then straight back to the same investor.
  const cold = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const coldPage = await cold.newPage();
  await coldPage.goto(page.url());
  await expect(coldPage).toHaveURL(/\/login\?next=/);
  await signInOnPage(coldPage);
  await expect(coldPage).toHaveURL(page.url());
  await expect(coldPage.getByRole("heading", { level: 1, name: investorName(investor) })).toBeVisible();
  await cold.close();
});

test("Previous and Next follow the table's sorted order, and the breadcrumb restores the table", async ({ page }) => {
  const { fundId } = await mediumFund();
  await page.goto(`/funds/${fundId}?sort=commitment_amount.desc`);
  const names = (await columnTexts(table(page), "Investor")).slice(0, 3);
  // By position: two investors may share a name.
  await table(page).locator("tbody tr:not([aria-hidden])").nth(1).getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(names[1]!);
  await expect(page.getByText(/^2 of \d+$/)).toBeVisible();

  await page.getByRole("link", { name: "Next" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(names[2]!);
  await expect(page.getByText(/^3 of \d+$/)).toBeVisible();
  await page.getByRole("link", { name: "Previous" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(names[1]!);
  await expect(page.getByText(/^2 of \d+$/)).toBeVisible();
  await page.getByRole("link", { name: "Previous" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(names[0]!);
  await expect(page.getByText(/^1 of \d+$/)).toBeVisible();

  await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link").nth(1).click();
  await expect(page).toHaveURL(/sort=commitment_amount\.desc/);
  await expect(table(page).locator('th[aria-sort="descending"]')).toContainText("Commitment");
});

test.describe("not found", () => {
  // Chromium logs the document's own 404 status as a console error.
  test.use({ allowedConsoleErrors: /status of 404/ });

  test("an unknown investor shows the not-found page with a link back to its fund", async ({ page }) => {
    const { fundId } = await mediumFund();
    const response = await page.goto(`/funds/${fundId}/investors/00000000-0000-4000-8000-000000000000`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Investor not found" })).toBeVisible();
    await page.getByRole("link", { name: "Back to the fund" }).click();
    await expect(page).toHaveURL(new RegExp(`/funds/${fundId}$`));
  });
});

test("the full tax id and account number reach the page only when revealed", async ({ page }) => {
  const { fundId, investors } = await mediumFund();
  const investor = investors.find((i) => i.investment_account?.tax_id && i.investment_account.bank?.account_number)!;
  const taxId = investor.investment_account!.tax_id!;
  const accountNumber = investor.investment_account!.bank!.account_number!;
  await page.goto(`/funds/${fundId}/investors/${investor.id}`);
  await expect(page.getByText(`•••••${taxId.slice(-4)}`)).toBeVisible();
  const html = await page.content();
  expect(html).not.toContain(taxId);
  expect(html).not.toContain(accountNumber);

  await page.getByRole("button", { name: "Reveal investor tax id" }).click();
  await expect(page.getByText(taxId, { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Reveal bank account number" }).click();
  await expect(page.getByText(accountNumber, { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Hide investor tax id" }).click();
  await expect(page.getByText(taxId, { exact: true })).toHaveCount(0);
});

test.describe("a list that changed while scrolling", () => {
  // The refused page logs its 409 in the console, as any failed request does.
  test.use({ allowedConsoleErrors: /status of 409/ });

  test("a later page refused because the list changed reloads the table from the top once, with a notice", async ({
    page,
  }) => {
    const funds = await upstreamGet<{ id: string; investor_count?: number }[]>("/funds");
    const big = funds.reduce((a, b) => ((a.investor_count ?? 0) > (b.investor_count ?? 0) ? a : b));
    let refused = 0;
    // The server says the list changed for the first later page only, as it would after a real change upstream.
    await page.route(/\/investor-rows\?.*version=/, async (route) => {
      if (refused > 0) return route.continue();
      refused += 1;
      await route.fulfill({
        status: 409,
        contentType: "application/json",
        body: JSON.stringify({ error: "The investor list was refreshed since this table loaded. Reload the table." }),
      });
    });
    await page.goto(`/funds/${big.id}`);
    await expect(table(page).locator("tbody tr[aria-rowindex]").first()).toBeVisible();
    await scroller(page).evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect(
      page.getByText("The list changed since this table loaded, so it was reloaded from the top."),
    ).toBeVisible();
    expect(refused).toBe(1);
    // Reloaded from the top, it pages on as usual.
    await scrollToEnd(scroller(page), table(page));
    await expect(table(page)).toHaveAttribute("aria-rowcount", String((big.investor_count ?? 0) + 1));
  });
});

test("a page that names a version the server no longer has is refused with 409, a version it has answers", async ({
  request,
}) => {
  const { fundId } = await mediumFund();
  // A cold first page may come while the list is still read (no version yet): asked again until it is whole.
  let first = { complete: false, version: null as string | null };
  await expect
    .poll(
      async () => (first = await (await request.get(`/api/funds/${fundId}/investor-rows?limit=10`)).json()).complete,
    )
    .toBe(true);
  expect(first.version).toMatch(/^[0-9a-f]{64}$/);
  const later = await request.get(`/api/funds/${fundId}/investor-rows?offset=10&limit=10&version=${first.version}`);
  expect(later.status()).toBe(200);
  const stale = await request.get(`/api/funds/${fundId}/investor-rows?offset=10&limit=10&version=${"0".repeat(64)}`);
  expect(stale.status()).toBe(409);
  expect((await stale.json()).error).toMatch(/refreshed since this table loaded/);
});
