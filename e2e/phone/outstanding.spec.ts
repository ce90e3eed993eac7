import { formatCount, formatMoney } from "../../lib/values/format";
import { expect, test } from "../support/fixtures";
import { expectOnScreen, expectReadableInBothSchemes, figure } from "./support";

interface Row {
  name: string;
  outstanding: string;
  daysOverdue: number;
}

test("who owes capital, on a phone: from the menu, the amount and days overdue on screen, their emails copied", async ({
  page,
  context,
  request,
}) => {
  // axe over a page, in light and dark, takes a while on a shared machine.
  test.setTimeout(120_000);
  // The page is whole once every fund's list was read in the background.
  let body: { complete: boolean; rows: Row[] } = { complete: false, rows: [] };
  await expect
    .poll(async () => (body = await (await request.get("/api/outstanding?limit=1")).json()).complete, {
      timeout: 30_000,
    })
    .toBe(true);
  const [top] = body.rows;
  expect(top, "someone owes capital").toBeDefined();

  await page.goto("/");
  await page.getByRole("button", { name: "Menu" }).tap();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Outstanding" }).tap();
  await expect(page).toHaveURL("/outstanding");
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();

  const first = page.getByRole("list", { name: "Positions with capital outstanding" }).getByRole("listitem").first();
  await expect(first.getByRole("link", { name: top!.name })).toBeVisible();
  await expect(figure(first, "Outstanding")).toHaveText(formatMoney(top!.outstanding));
  await expect(figure(first, "Days overdue")).toHaveText(formatCount(top!.daysOverdue));
  await expectOnScreen(figure(first, "Outstanding"));
  await expectOnScreen(figure(first, "Days overdue"));

  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const emails = (await (await request.get("/api/outstanding/emails")).json()) as { emails: string[] } | string[];
  const expected = Array.isArray(emails) ? emails : emails.emails;
  await page.getByRole("button", { name: "Copy emails" }).tap();
  await expect(page.getByRole("status").filter({ hasText: /^Copied [\d,]+ emails?$/ })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expected.join(", "));

  await expectReadableInBothSchemes(page, "capital outstanding");
});
