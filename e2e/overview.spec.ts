import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import Big from "big.js";
import { formatMoney, formatShare } from "../lib/values/format";
import { expect, test } from "./support/fixtures";
import { upstreamGet } from "./support/upstream";

interface UpstreamFund {
  id: string;
  target_size?: string | null;
  total_commitments?: string | null;
  total_contributed?: string | null;
  legal_entity?: { display_name?: string | null } | null;
}

const sum = (values: (string | null | undefined)[]) =>
  values.reduce((total, value) => (value ? total.plus(value) : total), new Big(0)).toFixed();

// The organization read whole, so the Overview shows every total rather than "Reading funds…"; then `/` opened.
async function openOverview(page: Page, request: APIRequestContext): Promise<UpstreamFund[]> {
  const funds = await upstreamGet<UpstreamFund[]>("/funds");
  await expect
    .poll(
      async () => ((await (await request.get("/api/investors?limit=1")).json()) as { complete: boolean }).complete,
      {
        timeout: 30_000,
      },
    )
    .toBe(true);
  await page.goto("/");
  return funds;
}

test("/ is the Overview: exact totals, each chart's table with its values, and no WCAG 2 A/AA violations", async ({
  page,
  request,
}) => {
  const funds = await openOverview(page, request);
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Totals" })).toBeVisible();

  const total = (label: string) =>
    page
      .getByRole("term")
      .filter({ hasText: new RegExp(`^${label}$`) })
      .locator("+ dd");
  await expect(total("Funds")).toHaveText(String(funds.length));
  await expect(total("Target")).toHaveText(formatMoney(sum(funds.map((fund) => fund.target_size))));
  await expect(total("Commitments")).toHaveText(formatMoney(sum(funds.map((fund) => fund.total_commitments))));
  await expect(total("Contributed")).toHaveText(formatMoney(sum(funds.map((fund) => fund.total_contributed))));
  for (const label of ["Unfunded", "Capital outstanding", "Of which overdue", "Investors"])
    await expect(total(label)).not.toHaveText("Reading funds…");

  // The 12 largest funds by commitments, then the rest as Others, each with its exact figures and link.
  const byTarget = page.getByRole("table", { name: /Commitments and target by fund/ });
  const largest = [...funds].sort((a, b) => new Big(b.total_commitments ?? 0).cmp(a.total_commitments ?? 0))[0]!;
  await expect(byTarget.locator("tbody tr")).toHaveCount(Math.min(funds.length, 13));
  const first = byTarget.locator("tbody tr").first();
  await expect(first.getByRole("link")).toHaveAttribute("href", `/funds/${largest.id}`);
  await expect(first.locator("td").first()).toHaveText(formatMoney(largest.total_commitments));
  if (funds.length > 12) await expect(byTarget.locator("tbody tr").last()).toContainText("Others");

  const outstanding = page.getByRole("table", { name: /Capital outstanding by fund/ });
  await expect(outstanding.locator("tbody tr").first()).toBeVisible();
  await expect(outstanding.locator("tbody tr").first().getByRole("link")).toHaveAttribute(
    "href",
    /^\/outstanding\?fund=[0-9a-f-]+(&overdue=1)?$/,
  );

  const types = page.getByRole("table", { name: /Investors by type/ });
  await expect(types.locator("tbody tr").first().getByRole("link")).toHaveAttribute("href", /^\/investors\?type=/);

  const contributed = page.getByRole("table", { name: /Total contributed at the end of each day/ });
  await expect(contributed.locator("tbody tr").first().locator("td")).toHaveText(/^[\d,]+\.\d{2,}$/);

  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.length} × ${v.nodes[0]?.target.join(" ")}`)).toEqual([]);
});

test("the books' state counts each fund once and opens the Funds grid filtered to those funds", async ({
  page,
  request,
}) => {
  const funds = await openOverview(page, request);
  const books = page.getByRole("region", { name: "The books' state" });
  const counts = await books.locator("li span.text-2xl").allInnerTexts();
  expect(counts.reduce((total, count) => total + Number(count.replace(/,/g, "")), 0)).toBe(funds.length);

  const differ = books.getByRole("link", { name: /Differ/ });
  const differing = (await differ.locator("span").first().innerText()).trim();
  await differ.click();
  await expect(page).toHaveURL(/\/funds\?reconciliation=differs$/);
  await expect(page.getByText(`${differing} of ${funds.length} funds`)).toBeVisible();
});

test("each fund's bar is its commitments against its own target: a 12-quadrillion target flattens no other bar", async ({
  page,
  request,
}) => {
  const funds = await openOverview(page, request);
  const huge = funds.find((fund) => fund.target_size === "12345678901234567.89");
  expect(huge, "the demo plants a fund with a target of 12 quadrillion").toBeDefined();
  const chart = page.getByRole("region", { name: "Commitments against target" });
  const table = chart.getByRole("table", { name: /Commitments and target by fund/ });
  await expect(table.locator("tbody tr").first()).toBeVisible();

  const bars: { name: string; share: Big; width: number }[] = [];
  for (const row of await table.locator("tbody tr").all()) {
    const href = (await row.getByRole("link").getAttribute("href"))!;
    const fund = funds.find((candidate) => href === `/funds/${candidate.id}`);
    if (!fund?.target_size || !fund.total_commitments) continue;
    const share = new Big(fund.total_commitments).times(100).div(fund.target_size);
    // The table says each share exactly (to one decimal); the chart's row draws it.
    await expect(row.locator("td").nth(2)).toHaveText(formatShare(share.toFixed()));
    const bar = chart.locator(`a[href="${href}"] [data-series="share"]`);
    bars.push({ name: fund.id, share, width: (await bar.boundingBox())?.width ?? 0 });
  }
  expect(bars.length, "funds of the top 12 with a target and commitments").toBeGreaterThan(5);
  for (const { name, share, width } of bars) {
    // A fund a tenth of the way to its target or more has a bar a finger's width long or more, whatever the others.
    if (share.gte(10))
      expect(width, `the bar of fund ${name} (${share.toFixed(1)}% of its target)`).toBeGreaterThan(24);
    // A longer share is a longer bar (the axis cuts those past 200%).
    for (const other of bars)
      if (share.gt(other.share) && other.share.lte(200)) expect(width).toBeGreaterThanOrEqual(other.width - 0.5);
  }
  const hugeRow = table.locator("tbody tr").filter({ has: page.locator(`a[href="/funds/${huge!.id}"]`) });
  if ((await hugeRow.count()) > 0) await expect(hugeRow.locator("td").nth(2)).toHaveText("<0.1%");
});
