import { expect, test } from "../support/fixtures";
import { expectOnScreen, expectReadableInBothSchemes } from "./support";

test("what changed since yesterday, on a phone: from the menu, every fund's changes readable without sideways scroll", async ({
  page,
}) => {
  // axe over a page, in light and dark, takes a while on a shared machine.
  test.setTimeout(120_000);
  await page.goto("/funds");
  await page.getByRole("button", { name: "Menu" }).tap();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Changes" }).tap();
  await expect(page.getByRole("heading", { level: 1, name: "What changed" })).toBeVisible();
  await page.getByRole("textbox", { name: "Since" }).fill("1d");
  await page.getByRole("button", { name: "Show" }).tap();
  await expect(page).toHaveURL(/since=1d/);
  const compared = page.getByText(/funds? compared/);
  await expect(compared).toBeVisible();
  await expectOnScreen(compared);
  await expectOnScreen(page.getByRole("button", { name: "Download the changes (CSV)" }));
  await expectOnScreen(page.getByRole("button", { name: "Excel (.xlsx)" }));
  const fund = page.locator("article[data-fund]").first();
  if ((await fund.count()) > 0) await expectOnScreen(fund);
  await expectReadableInBothSchemes(page, "what changed since yesterday");
});
