import { expect, type Locator, type Page } from "@playwright/test";

/** The table's column headers, in order. */
async function headers(table: Locator): Promise<string[]> {
  // The table may still be streaming in when a test first looks.
  await table.locator("thead th").first().waitFor();
  return (await table.locator("thead th").allInnerTexts()).map((text) => text.replace(/[▲▼↕]/g, "").trim());
}

/** The texts of one column over the rows currently rendered, top to bottom. */
export async function columnTexts(table: Locator, header: string): Promise<string[]> {
  const index = (await headers(table)).indexOf(header);
  if (index === -1) throw new Error(`no column "${header}" in ${JSON.stringify(await headers(table))}`);
  const rows = table.locator("tbody tr:not([aria-hidden]):not(:has([role=status]))");
  return rows.locator(`td:nth-child(${index + 1})`).allInnerTexts();
}

/** Clicks a column's sort button and waits for aria-sort to say the new direction. */
export async function sortBy(page: Page, table: Locator, header: string, direction: "ascending" | "descending") {
  const th = table.locator("thead th").filter({ has: page.getByRole("button", { name: header, exact: false }) });
  for (let click = 0; click < 3; click++) {
    if ((await th.getAttribute("aria-sort")) === direction) return settled(table);
    await th.getByRole("button").click();
    await page.waitForTimeout(50);
  }
  if ((await th.getAttribute("aria-sort")) !== direction) throw new Error(`could not sort ${header} ${direction}`);
  await settled(table);
}

/** Waits until the table shows its current view, not the previous one's rows while the new ones load. */
export async function settled(table: Locator) {
  await table.and(table.page().locator(":not([aria-busy])")).waitFor();
}

/** Scrolls a paged table to its very end, as a person would: scrolling again until the rows stop coming. */
export async function scrollToEnd(scroller: Locator, table: Locator) {
  // The scroller is found afresh on each scroll: hydration may put the table back at its top, or render it anew.
  const toBottom = () =>
    scroller.evaluate((el) => {
      el.scrollTo(0, el.scrollHeight);
      return el.scrollHeight;
    });
  for (let round = 0; round < 500; round++) {
    const height = await toBottom();
    if (!(await table.getByRole("status").isVisible())) {
      // Every row is loaded; wait until the virtualizer has rendered the very last one (no spacer row below it).
      await expect
        .poll(
          async () => {
            await toBottom();
            return table.locator("tbody tr:last-child").getAttribute("aria-hidden");
          },
          { timeout: 10_000 },
        )
        .toBeNull();
      return;
    }
    // The next page has arrived when the table grows.
    await expect.poll(toBottom, { timeout: 15_000 }).toBeGreaterThan(height);
  }
  throw new Error("the table kept loading rows");
}

/** "1,234.50" or "—" as a plain decimal string, or null for the em dash. */
export function plainNumber(text: string): string | null {
  const trimmed = text.trim();
  return trimmed === "—" ? null : trimmed.replace(/,/g, "").replace(/%$/, "");
}
