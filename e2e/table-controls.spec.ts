import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { mediumFund } from "./support/investors";
import { settled } from "./support/table";

const table = (page: Page) => page.getByRole("table", { name: "Investors" });

test("a numeric column sorts when its header is clicked anywhere, not only on its label", async ({ page }) => {
  const { fundId } = await mediumFund();
  await page.goto(`/funds/${fundId}`);
  const header = table(page).locator("thead th").filter({ hasText: "Commitment" });
  // The label sits at the right of a numeric header: click its far left edge.
  await header.click({ position: { x: 4, y: 10 } });
  await expect(header).toHaveAttribute("aria-sort", "ascending");
  await expect(page).toHaveURL(/sort=commitment_amount\.asc/);
});

test("a column added with the picker is as wide as its longest value (its header alone is shorter)", async ({
  page,
}) => {
  const { fundId } = await mediumFund();
  await page.goto(`/funds/${fundId}`);
  await page.getByText(/^Columns \(/).click();
  await page.getByRole("checkbox", { name: "City", exact: true }).check();
  await expect(page).toHaveURL(/cols=/);
  await settled(table(page));
  const index = (await table(page).locator("thead th").allInnerTexts()).findIndex(
    (text) => text.replace(/[▲▼↕]/g, "").trim() === "City",
  );
  expect(index).toBeGreaterThan(0);
  const cells = table(page).locator(`tbody tr:not([aria-hidden]) td:nth-child(${index + 1})`);
  await expect(cells.first()).toBeVisible();
  const clipped = await cells.evaluateAll((tds) =>
    tds.filter((td) => td.scrollWidth > td.clientWidth).map((td) => td.textContent),
  );
  expect(clipped).toEqual([]);
});
