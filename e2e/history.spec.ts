import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import Big from "big.js";
import { formatMoney } from "../lib/values/format";
import { wholeDirectory } from "./support/directory";
import { expect, test } from "./support/fixtures";
import { paymentBetweenTwoReads } from "./support/payment";
import { upstreamPlanted } from "./support/upstream";

async function violations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.length} × ${v.nodes[0]?.target.join(" ")}`);
}

test("a payment between two reads is a new row of the position's History, with the exact values", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  // Not the fund changes.spec.ts pays into (5), nor a faulty one; the payment is taken back at the end.
  const payment = await paymentBetweenTwoReads(request, 6);
  const { fundId, investor } = payment;
  const paid = new Big(investor.contributed_amount).plus("10000.00").toFixed(2);
  try {
    await page.goto(`/funds/${fundId}/investors/${investor.id}`);
    const history = page.getByRole("region", { name: "History" });
    const table = history.getByRole("table", { name: "Kept values over time", exact: true });
    const body = table.getByRole("row").filter({ has: page.getByRole("rowheader") });
    // The History streams in after the page (it waits for the store); earlier runs of the suite may have kept older
    // reads (the store outlives a run): the newest two are ours.
    await expect.poll(() => body.count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    const count = await body.count();
    const contributed = (row: number) => body.nth(row).getByRole("cell").nth(1);
    await expect(contributed(count - 2)).toHaveText(formatMoney(investor.contributed_amount));
    await expect(contributed(count - 1)).toHaveText(formatMoney(paid));
    await expect(table.getByRole("columnheader", { name: "Contributed" })).toBeVisible();
    // The chart is decoration over the table, in light and dark.
    await expect(history.locator("svg")).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: "dark" });
    expect(await violations(page)).toEqual([]);

    await page.goto(`/funds/${fundId}`);
    const aggregates = page.getByRole("region", { name: "Aggregates" });
    await expect(aggregates.getByRole("table", { name: "Aggregates over time" })).toBeVisible();
    await expect(page.getByRole("table", { name: "Investors" })).toBeVisible();
    expect(await violations(page)).toEqual([]);
  } finally {
    await payment.takeBack();
  }
});

test("an investor across three funds has a History summed over them, whose newest row is the directory's total", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const person = (await upstreamPlanted()).sharedIdentities.find((identity) => identity.fundIds.length === 3)!;
  await wholeDirectory(request);
  const found = await (await request.get(`/api/investors?q=${encodeURIComponent(person.email)}`)).json();
  const row = found.rows[0] as { key: string; commitment_amount: string };
  // Each fund's read is kept in the background (a busy store may miss one): Refresh reads and keeps it again, and
  // the newest row sums all three once they are kept.
  await expect
    .poll(
      async () => {
        for (const fundId of person.fundIds) await request.get(`/api/funds/${fundId}/investor-rows?refresh=1`);
        await page.goto(`/investors/${row.key}`);
        const table = page.getByRole("table", { name: "Kept values over time, summed across funds" });
        const cell = table.getByRole("row").last().getByRole("cell").first();
        const text = (await cell.count()) ? (await cell.innerText()).replace(/,/g, "") : null;
        return text !== null && new Big(text).eq(row.commitment_amount);
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  expect(await violations(page)).toEqual([]);
});
