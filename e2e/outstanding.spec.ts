import Big from "big.js";
import { readDownload } from "./support/csv";
import { expect, test } from "./support/fixtures";
import { columnTexts, plainNumber } from "./support/table";
import { upstreamGet } from "./support/upstream";

interface Row {
  fund: { id: string; name: string };
  investorId: string;
  email: string | null;
  outstanding: string;
  daysOverdue: number;
}
interface Page {
  total: number;
  matched: number;
  rows: Row[];
  totals: { outstanding: string | null };
  complete: boolean;
}
interface Investor {
  id: string;
  total_capital_due?: string | null;
  total_received?: string | null;
  primary_contact?: { email?: string | null } | null;
}

const table = (page: import("@playwright/test").Page) =>
  page.getByRole("table", { name: "Positions with capital outstanding" });

/** Every fund's list is read in the background; the page is whole once it says so. */
async function complete(request: import("@playwright/test").APIRequestContext, search = ""): Promise<Page> {
  let body: Page | null = null;
  await expect
    .poll(async () => (body = await (await request.get(`/api/outstanding?limit=500${search}`)).json()).complete, {
      timeout: 30_000,
    })
    .toBe(true);
  return body!;
}

test("capital outstanding lists the overdue first, the largest first, from the header's link", async ({
  page,
  request,
}) => {
  const all = await complete(request);
  expect(all.rows.length).toBeGreaterThan(0);
  await page.goto("/funds");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Outstanding" }).click();
  await expect(page).toHaveURL("/outstanding");
  await expect(page.getByRole("heading", { level: 1, name: "Capital outstanding" })).toBeVisible();
  await expect(
    page.getByText(
      `${all.matched.toLocaleString("en-US")} of ${all.total.toLocaleString("en-US")} positions owe capital`,
    ),
  ).toBeVisible();

  const days = (await columnTexts(table(page), "Days overdue")).map((text) => Number(plainNumber(text)));
  const amounts = (await columnTexts(table(page), "Outstanding")).map((text) => new Big(plainNumber(text)!));
  const firstCurrent = days.findIndex((day) => day === 0);
  expect(days[0]).toBeGreaterThan(0);
  if (firstCurrent !== -1) expect(days.slice(firstCurrent).every((day) => day === 0)).toBe(true);
  const overdueAmounts = amounts.slice(0, firstCurrent === -1 ? amounts.length : firstCurrent);
  for (let i = 1; i < overdueAmounts.length; i++) expect(overdueAmounts[i - 1]!.gte(overdueAmounts[i]!)).toBe(true);

  // A header sorts like any other table, in the URL.
  await table(page).getByRole("button", { name: "Outstanding" }).click();
  await expect(page).toHaveURL(/sort=outstanding\.asc/);
});

test("one fund's view totals exactly what its investors owe, copies their distinct emails, and downloads as shown", async ({
  page,
  context,
  request,
}) => {
  const all = await complete(request);
  const { funds } = (await (await request.get("/api/outstanding/funds")).json()) as {
    funds: { id: string; name: string; count: number }[];
  };
  // A fund whose overdue positions are few enough to check one by one.
  const fund = funds.filter((entry) => entry.count >= 3).sort((a, b) => a.count - b.count)[0]!;
  const investors = await upstreamGet<Investor[]>(`/funds/${fund.id}/investors`);
  const owing = investors.flatMap((investor) => {
    const owed = new Big(investor.total_capital_due ?? "0").minus(investor.total_received ?? "0");
    return investor.total_capital_due && owed.gt(0) ? [{ investor, owed }] : [];
  });
  expect(owing.length).toBe(fund.count);
  const total = owing.reduce((sum, { owed }) => sum.plus(owed), new Big(0));

  await page.goto("/outstanding");
  // The page's HTML carries no fund's option: they come when the list is first focused (or pressed).
  const fundFilter = page.getByRole("combobox", { name: "Fund" });
  await expect(fundFilter.getByRole("option")).toHaveCount(1);
  await fundFilter.focus();
  await fundFilter.selectOption(fund.id);
  await expect(page).toHaveURL(`/outstanding?fund=${fund.id}`);
  await expect(
    page.getByText(`${fund.count} of ${all.total.toLocaleString("en-US")} positions owe capital`),
  ).toBeVisible();
  const footer = plainNumber(await table(page).locator('tfoot [data-total="outstanding"]').innerText())!;
  expect(new Big(footer).eq(total)).toBe(true);
  expect((await columnTexts(table(page), "Fund")).every((name) => name === fund.name)).toBe(true);

  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.getByRole("button", { name: "Copy emails" }).click();
  const view = (await (await request.get(`/api/outstanding?fund=${fund.id}&limit=500`)).json()) as Page;
  const distinct = [
    ...new Map(
      view.rows.filter((row) => row.email).map((row) => [row.email!.toLowerCase(), row.email!] as const),
    ).values(),
  ];
  await expect(page.getByRole("status").filter({ hasText: "Copied" })).toHaveText(
    `Copied ${distinct.length} ${distinct.length === 1 ? "email" : "emails"}`,
  );
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(distinct.join(", "));
  const expectedEmails = new Set(
    owing.map(({ investor }) => investor.primary_contact?.email?.toLowerCase()).filter(Boolean),
  );
  expect(new Set(copied.split(", ").map((email) => email.toLowerCase()))).toEqual(expectedEmails);

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download CSV" }).click(),
  ]);
  const csv = await readDownload(download);
  expect(csv.name).toMatch(/^outstanding-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(csv.rows.map((row) => row.investorId)).toEqual(view.rows.map((row) => row.investorId));
  expect(csv.rows.map((row) => row.outstanding)).toEqual(view.rows.map((row) => row.outstanding));
});

test("overdue only keeps the positions past their due date, in the URL", async ({ page, request }) => {
  const all = await complete(request);
  const overdue = await complete(request, "&overdue=1");
  // The overdue are the first block of the whole list: its last row is overdue, the next one is not.
  const edge = (await (await request.get(`/api/outstanding?offset=${overdue.matched - 1}&limit=2`)).json()) as Page;
  expect(edge.rows[0]!.daysOverdue).toBeGreaterThan(0);
  if (overdue.matched < all.matched) expect(edge.rows[1]!.daysOverdue).toBe(0);
  await page.goto("/outstanding");
  await page.getByRole("checkbox", { name: "Overdue only" }).check();
  await expect(page).toHaveURL("/outstanding?overdue=1");
  const counted = `${overdue.matched.toLocaleString("en-US")} of ${all.total.toLocaleString("en-US")} positions owe capital`;
  await expect(page.getByText(counted)).toBeVisible();
  const days = (await columnTexts(table(page), "Days overdue")).map((text) => Number(plainNumber(text)));
  expect(days.every((day) => day > 0)).toBe(true);
  const footer = plainNumber(await table(page).locator('tfoot [data-total="outstanding"]').innerText());
  expect(footer).not.toBeNull();
  expect(new Big(footer!).eq(new Big(overdue.totals.outstanding!))).toBe(true);
});

test("Refresh on capital outstanding reads every fund again, and the age on screen says so", async ({ page }) => {
  await page.goto("/outstanding");
  const age = page.getByText(/^Updated /);
  await expect(age).toBeVisible({ timeout: 30_000 });
  const clicked = new Date();
  const asked = page.waitForRequest((request) => {
    const url = new URL(request.url());
    return url.pathname === "/api/outstanding" && url.searchParams.get("refresh") === "1";
  });
  await page.getByRole("button", { name: "Refresh" }).click();
  await asked;
  // The age is the oldest read in use: past the click, every fund was read again.
  await expect
    .poll(async () => Date.parse((await age.getAttribute("title")) ?? "") >= clicked.getTime(), { timeout: 30_000 })
    .toBe(true);
  await expect(age).toHaveText("Updated just now");
});
