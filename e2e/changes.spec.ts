import { readDownload } from "./support/csv";
import { expect, test } from "./support/fixtures";
import { paymentBetweenTwoReads } from "./support/payment";
import { compareWithCsv, readXlsx } from "./support/xlsx";

test("a payment between two reads shows in the fund's panel, the investor table, /changes, JSON and CSV", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  // A mid-sized fund no planted difference or fault touches; the payment is taken back at the end.
  const payment = await paymentBetweenTwoReads(request, 5);
  const { fundId, investor, since } = payment;
  const rows = `/api/funds/${fundId}/investor-rows`;
  try {
    expect(payment.changed.fields).toEqual([
      expect.objectContaining({ field: "contributed_amount", kind: "paid", difference: "10000.00" }),
    ]);

    await page.goto(`/funds/${fundId}?since=${encodeURIComponent(since)}`);
    const panel = page.getByRole("region", { name: "Changes" });
    await expect(panel.getByText(/^Contributed .* → .* \(\+10,000\.00\)/)).toBeVisible();
    await expect(panel.getByText(/^Paid: 1/)).toBeVisible();
    await panel.getByRole("link", { name: /Show the 1 investor added or changed/ }).click();
    await expect(page).toHaveURL(/[?&]changed=/);
    const filtered = await (await request.get(`${rows}?changed=${encodeURIComponent(since)}`)).json();
    expect(filtered.matched).toBe(1);
    expect(filtered.rows[0].id).toBe(investor.id);

    await page.goto(`/changes?since=${encodeURIComponent(since)}&fund=${fundId}`);
    const article = page.locator(`[data-fund="${fundId}"]`);
    await expect(article.getByText(/\(\+10,000\.00\)/)).toBeVisible();
    await expect(article.getByText(/^Changes between .* UTC\.$/)).toBeVisible();
    await expect(page.getByText("Contributed: +10,000.00")).toBeVisible();
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download the changes (CSV)" }).click();
    const csv = await readDownload(await download);
    expect(csv.header.join(",")).toBe(
      "fund_id,fund_name,investor_id,investor_name,kind,field,before,after,difference,before_read_at,after_read_at",
    );
    const paid = csv.rows.find((row) => row.investor_id === investor.id && row.field === "contributed_amount");
    expect(paid).toMatchObject({ fund_id: fundId, kind: "paid", difference: "10000.00" });
    expect(csv.bytes.toString("utf8")).toContain(",10000.00,");
    // Excel (.xlsx) beside it: the same rows, the difference a number, the reads' moments dates.
    const excel = page.waitForEvent("download");
    await page.getByRole("button", { name: "Excel (.xlsx)" }).click();
    const { differences, numbers, dates } = compareWithCsv(await readXlsx(await excel), csv);
    expect(differences).toEqual([]);
    expect(numbers).toBeGreaterThan(0);
    expect(dates).toBeGreaterThan(0);
  } finally {
    await payment.takeBack();
  }
});

test("a bad since is a 400 on the API, before the store is asked, and ignored by the page", async ({
  page,
  request,
}) => {
  for (const since of ["8d", "2026-02-30", "2026-11-18T02:00", "yesterday"]) {
    const response = await request.get(`/api/changes?since=${encodeURIComponent(since)}`);
    expect(response.status(), since).toBe(400);
    expect((await response.json()).error).toContain("since");
  }
  expect((await request.get("/api/changes.csv?since=1w")).status()).toBe(400);
  await page.goto("/changes?since=8d");
  await expect(page.getByRole("heading", { name: "What changed", level: 1 })).toBeVisible();
  await expect(page.getByText(/funds? compared/)).toBeVisible();
});
