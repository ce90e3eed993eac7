import Big from "big.js";
import { expect, test } from "./support/fixtures";
import { columnTexts } from "./support/table";
import { setFaults, upstreamGet } from "./support/upstream";

// Who paid since a moment, in capital outstanding: a payment made between two reads shows in the position's "Paid
// since", and the "Who paid since then" filter keeps or leaves it. It changes the shared upstream's data (taken back
// at the end), so it runs with the fault tests.

interface Investor {
  id: string;
  total_capital_due?: string | null;
  total_received?: string | null;
}
interface Row {
  fund: { id: string };
  investorId: string;
  paidSince: string | null;
}

const paid = (fundId: string, investorId: string, amount: string) =>
  setFaults({ bump: { fundId, investorId, field: "total_received", amount } });

test("a payment between two reads is what the position paid since, and the filter finds who paid", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const fundId = (await upstreamGet<{ id: string }[]>("/funds"))[7]!.id;
  const investor = (await upstreamGet<Investor[]>(`/funds/${fundId}/investors`)).find((row) =>
    new Big(row.total_capital_due ?? "0").minus(row.total_received ?? "0").gt(100),
  )!;
  expect(investor, "someone in the fund owes more than 100").toBeDefined();
  const view = (query: string) => `/api/outstanding?fund=${fundId}&limit=500&${query}`;
  const rowOf = async (query: string) =>
    ((await (await request.get(view(query))).json()) as { rows: Row[] }).rows.find(
      (row) => row.investorId === investor.id,
    );
  // Every fund read and kept once before the moment: what is paid after it counts, nothing before.
  await expect.poll(async () => (await request.get(view("refresh=1"))).status()).toBe(200);
  await expect.poll(async () => (await (await request.get(view(""))).json()).reading).toBe(false);
  const since = encodeURIComponent(new Date().toISOString());
  await paid(fundId, investor.id, "25.50");
  try {
    await expect
      .poll(async () => (await rowOf(`since=${since}&refresh=1`))?.paidSince, { timeout: 30_000 })
      .toBe("25.50");
    expect(await rowOf(`since=${since}&paid=some`)).toBeDefined();
    expect(await rowOf(`since=${since}&paid=none`)).toBeUndefined();

    await page.goto(`/outstanding?fund=${fundId}&since=${since}&paid=some`);
    const table = page.getByRole("table", { name: "Positions with capital outstanding" });
    await expect(table.getByRole("columnheader", { name: "Paid since" })).toBeVisible();
    await expect.poll(() => columnTexts(table, "Paid since")).toEqual(["25.50"]);
    await expect(page.getByRole("combobox", { name: "Who paid since then" })).toHaveValue("some");
  } finally {
    await paid(fundId, investor.id, "-25.50");
  }
});
