import Big from "big.js";
import { formatMoney } from "../../lib/values/format";
import { expect, test } from "../support/fixtures";
import { upstreamGet } from "../support/upstream";
import { expectNoSidewaysScroll, expectOnScreen, figure } from "./support";

interface FundLike {
  id: string;
  total_commitments?: string | number | null;
  legal_entity?: { display_name?: string | null; legal_name?: string | null } | null;
}

test("the funds on a phone: the first screen's cards at once, the whole list fetched only once a sort asks for it", async ({
  page,
}) => {
  const funds = await upstreamGet<FundLike[]>("/funds");
  const asked: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/fund-rows") asked.push(request.url());
  });
  await page.goto("/funds");
  await expect(page.getByText(`${funds.length} of ${funds.length} funds`)).toBeVisible();
  const cards = page.getByRole("list", { name: "Funds" }).getByRole("listitem");
  await expect(cards.first().getByRole("link")).toBeVisible();
  // The desktop table is not drawn on a phone; the first screen needs no second read of every fund.
  await expect(page.getByRole("table", { name: "Funds" })).toHaveCount(0);
  await page.waitForLoadState("networkidle");
  expect(asked, "the whole list is not fetched before anyone asks for more").toEqual([]);
  await expectNoSidewaysScroll(page, "/funds");

  const largest = funds
    .filter((fund) => fund.total_commitments !== null && fund.total_commitments !== undefined)
    .sort((a, b) => new Big(b.total_commitments!).cmp(new Big(a.total_commitments!)))[0]!;
  await page.getByLabel("Sort").selectOption({ label: "Commitments, highest first" });
  await expect(page).toHaveURL(/sort=total_commitments\.desc/);
  const commitments = figure(cards.first(), "Commitments");
  await expect(commitments).toHaveText(formatMoney(String(largest.total_commitments)));
  await expectOnScreen(commitments);
  expect(asked).toHaveLength(1);
});
