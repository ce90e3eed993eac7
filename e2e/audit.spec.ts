import { readDownload } from "./support/csv";
import { expect, test } from "./support/fixtures";
import { mediumFund } from "./support/investors";
import { columnTexts, settled } from "./support/table";

test("an admin's reveal is the newest row of /audit, filtered by action, and its CSV holds the rows shown", async ({
  page,
}) => {
  const { fundId, investors } = await mediumFund();
  // Another spec reveals the first such investor: this one is the journey's own.
  const investor = investors.filter((i) => i.investment_account?.tax_id).at(-1)!;
  const taxId = investor.investment_account!.tax_id!;
  await page.goto(`/funds/${fundId}/investors/${investor.id}`);
  await page.getByRole("button", { name: "Reveal investor tax id" }).click();
  await expect(page.getByText(taxId, { exact: true })).toBeVisible();

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Audit" }).click();
  await expect(page.getByRole("heading", { name: "Audit trail" })).toBeVisible();
  const table = page.getByRole("table", { name: "Audit trail" });
  await page.getByLabel("Investor id").fill(investor.id);
  await page.getByLabel("Action").selectOption({ label: "Reveal" });
  await expect(page).toHaveURL(/[?&]action=reveal/);
  await expect(page).toHaveURL(new RegExp(`[?&]investor=${investor.id}`));
  await settled(table);
  await expect.poll(() => columnTexts(table, "Action")).toContain("reveal");

  // Newest first: the reveal just made is on top, with who, where and what, never the value.
  const when = await columnTexts(table, "When");
  expect([...when].sort().reverse()).toEqual(when);
  expect(await columnTexts(table, "Action")).toEqual(when.map(() => "reveal"));
  const top = (header: string) => columnTexts(table, header).then((texts) => texts[0]);
  expect(await top("Person")).toBe("ops@example.com");
  expect(await top("Outcome")).toBe("allowed");
  expect(await top("Fund id")).toBe(fundId);
  expect(await top("Investor id")).toBe(investor.id);
  expect(await top("Detail")).toBe("tax_id");
  expect(await top("Request id")).toMatch(/^[0-9a-f-]{36}$/);
  expect(Date.now() - Date.parse((await top("When"))!.replace(" UTC", "Z"))).toBeLessThan(120_000);
  await expect(table).not.toContainText(taxId);

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("region", { name: "Audit trail" }).getByRole("button", { name: "Download CSV" }).click(),
  ]);
  const csv = await readDownload(download);
  expect(csv.name).toMatch(/^audit-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(csv.rows.map((row) => row.id)).toEqual((await columnTexts(table, "Row")).map((id) => id.replace(/,/g, "")));
  expect(csv.rows.every((row) => row.action === "reveal" && row.investor_id === investor.id)).toBe(true);
  expect(csv.rows[0]).toMatchObject({
    actor: "ops@example.com",
    outcome: "allowed",
    fund_id: fundId,
    detail: "tax_id",
  });
  expect(csv.bytes.toString("utf8")).not.toContain(taxId);
});
