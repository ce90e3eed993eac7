import { expect, test } from "../support/fixtures";
import { upstreamGet } from "../support/upstream";
import { people, securityBase, securityFunds, sessionCookie } from "../security/support";
import { expectNoSidewaysScroll, expectReadableInBothSchemes } from "./support";
import { expectTouchTargets } from "./touch-targets";

// Every page at 390 px, light and dark: no sideways scroll, no axe finding (the journeys check what is on screen).

/** The fund with the most investors in the e2e upstream (2,400). */
async function largestFund() {
  const funds = await upstreamGet<{ id: string; investor_count?: number | null }[]>("/funds");
  return [...funds].sort((a, b) => (b.investor_count ?? 0) - (a.investor_count ?? 0))[0]!.id;
}

// One test per page, so the suite's two workers share them.
const pages = [
  "/",
  "/funds",
  "/investors",
  "/outstanding",
  "/changes",
  "/follow-ups",
  "/audit",
  "/access",
  "/alerts",
  "fund",
  "statements",
];
const titles: Record<string, string> = {
  fund: "the 2,400-investor fund's page",
  statements: "the 2,400-investor fund's statements",
};
for (const path of pages) {
  test(`${titles[path] ?? path} fits a phone's screen`, async ({ page }) => {
    test.setTimeout(90_000);
    const fund = path in titles ? `/funds/${await largestFund()}` : "";
    // This year's statements: a fresh store's reads are this year's.
    const url =
      path === "fund"
        ? fund
        : path === "statements"
          ? `${fund}/statements?period=${new Date().getUTCFullYear()}`
          : path;
    await page.goto(url);
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    await expectReadableInBothSchemes(page, url);
    // The header's menu is the same on every page: its links and buttons are measured open, once.
    if (path === "/") {
      await page.getByRole("button", { name: "Menu" }).tap();
      await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
      await expectTouchTargets(page, "the open menu");
    }
  });
}

test("an investor, in a fund and across funds, fits a phone's screen", async ({ page }) => {
  test.setTimeout(90_000);
  // From the cards' links.
  await page.goto(`/funds/${await largestFund()}`);
  await page.getByRole("list", { name: "Investors" }).getByRole("link").first().tap();
  await expect(page.getByRole("heading", { level: 2, name: "Investment", exact: true })).toBeVisible();
  await expectReadableInBothSchemes(page, "an investor in a fund");
  await page.goto("/investors");
  await page.getByRole("list", { name: "Investors" }).getByRole("link").first().tap();
  await expect(page.getByRole("list", { name: "Positions" })).toBeVisible();
  await expectReadableInBothSchemes(page, "an investor across funds");
});

test.describe("signed out", () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test("the sign-in page fits a phone's screen", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
    await expectReadableInBothSchemes(page, "/login");
  });
});

test("a 50,000-investor fund on a phone: a page of cards at a time, nothing wider than the screen", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const { big } = await securityFunds();
  const cookie = await sessionCookie(people.olive, "127.10.31.1");
  await page.context().addCookies([{ name: "fe_session", value: cookie.split("=")[1]!, url: securityBase }]);
  await page.goto(`${securityBase}/funds/${big}`);
  // The whole list read (the first screen may show while it arrives): the toolbar counts all 50,000.
  await expect(page.getByText(/^50,000 of 50,000 investors$/)).toBeVisible({ timeout: 150_000 });
  const cards = page.getByRole("list", { name: "Investors" }).getByRole("listitem");
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeLessThanOrEqual(25);
  await expect(page.getByText(/^25 of 50,000 shown$/)).toBeVisible();
  for (let more = 0; more < 4; more++) await page.getByRole("button", { name: "Show more" }).tap();
  await expect(cards).toHaveCount(125);
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await expectNoSidewaysScroll(page, `the 50,000-investor fund (${colorScheme})`);
  }
});
