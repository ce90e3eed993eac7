import { formatMoney } from "../../lib/values/format";
import { expect, test } from "../support/fixtures";
import { investorName, mediumFund } from "../support/investors";
import { expectNoSidewaysScroll, expectOnScreen, expectReadableInBothSchemes, figure } from "./support";

test("an investor found by search on a phone: the full-screen search, then their positions with their amounts", async ({
  page,
}) => {
  // axe over a page, in light and dark, takes a while on a shared machine.
  test.setTimeout(120_000);
  const { fundId, investors } = await mediumFund();
  const investor = investors.find((candidate) => candidate.investment_account?.display_name)!;
  const name = investorName(investor);
  await page.goto("/");
  await page.getByRole("button", { name: "Search funds and investors" }).tap();
  const box = page.getByRole("combobox", { name: "Search funds and investors" });
  await expect(box).toBeFocused();
  await expectOnScreen(box);
  await box.pressSequentially(name);
  const option = page.getByRole("option").filter({ hasText: name }).first();
  // The directory fills in the background as each fund's list is read.
  await expect(option).toBeVisible({ timeout: 30_000 });
  await expectOnScreen(option);
  await expectNoSidewaysScroll(page, "the open search");
  await expectReadableInBothSchemes(page, "the open search");
  await option.tap();

  await expect(page).toHaveURL(/\/investors\/[^/]+$/);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  const position = page
    .getByRole("list", { name: "Positions" })
    .getByRole("listitem")
    .filter({ has: page.locator(`a[href*="/funds/${fundId}/investors/"]`) });
  await expect(position).toBeVisible();
  await expectOnScreen(figure(position, "Commitment"));
  await expect(figure(position, "Commitment")).toHaveText(formatMoney(investor.commitment_amount));
  await expect(figure(position, "Contributed")).toHaveText(formatMoney(investor.contributed_amount));
  await expectReadableInBothSchemes(page, "an investor across funds");
});
