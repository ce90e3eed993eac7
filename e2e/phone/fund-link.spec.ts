import { formatMoney } from "../../lib/values/format";
import { expect, test } from "../support/fixtures";
import { investorName, mediumFund } from "../support/investors";
import { expectOnScreen, expectReadableInBothSchemes, figure } from "./support";

test("a pasted fund link on a phone: each investor's commitment and contributed on the first screen, the checks readable", async ({
  page,
}) => {
  // axe over a page, in light and dark, takes a while on a shared machine.
  test.setTimeout(120_000);
  const { fundId, investors } = await mediumFund();
  await page.goto(`/funds/${fundId}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  const cards = page.getByRole("list", { name: "Investors" }).getByRole("listitem");
  await expect(cards.first()).toBeVisible();
  const link = cards.first().getByRole("link");
  const id = decodeURIComponent(new URL((await link.getAttribute("href"))!, page.url()).pathname.split("/").at(-1)!);
  const investor = investors.find((candidate) => candidate.id === id)!;
  await expect(link).toHaveText(investorName(investor));
  const commitment = figure(cards.first(), "Commitment");
  const contributed = figure(cards.first(), "Contributed");
  await expect(commitment).toHaveText(formatMoney(investor.commitment_amount));
  await expect(contributed).toHaveText(formatMoney(investor.contributed_amount));
  await commitment.scrollIntoViewIfNeeded();
  await expectOnScreen(link);
  await expectOnScreen(commitment);
  await expectOnScreen(contributed);

  // The reconciliation's checks: each formula wraps under its check's name, every figure on the screen.
  const checks = page.getByRole("list", { name: "Fund checks" }).getByRole("listitem");
  await expect(checks.first()).toBeVisible();
  await checks.first().scrollIntoViewIfNeeded();
  await expectOnScreen(checks.first());
  await expectOnScreen(figure(checks.first(), "Difference"));

  // More investors a page at a time, never the whole list.
  const before = await cards.count();
  expect(before).toBeLessThan(investors.length);
  await page.getByRole("button", { name: "Show more" }).tap();
  await expect(cards).toHaveCount(Math.min(investors.length, before * 2));

  await expectReadableInBothSchemes(page, "a fund page");
});
