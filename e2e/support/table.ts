import type { Locator, Page } from "@playwright/test";

/** The table's column headers, in order. */
async function headers(table: Locator): Promise<string[]> {
  return (await table.locator("thead th").allInnerTexts()).map((text) => text.replace(/[▲▼↕]/g, "").trim());
}

/** The texts of one column over the rows currently rendered, top to bottom. */
export async function columnTexts(table: Locator, header: string): Promise<string[]> {
  const index = (await headers(table)).indexOf(header);
  if (index === -1) throw new Error(`no column "${header}" in ${JSON.stringify(await headers(table))}`);
  return table.locator("tbody tr:not([aria-hidden])").locator(`td:nth-child(${index + 1})`).allInnerTexts();
}

/** Clicks a column's sort button and waits for aria-sort to say the new direction. */
export async function sortBy(page: Page, table: Locator, header: string, direction: "ascending" | "descending") {
  const th = table.locator("thead th").filter({ has: page.getByRole("button", { name: header, exact: false }) });
  for (let click = 0; click < 3; click++) {
    if ((await th.getAttribute("aria-sort")) === direction) return;
    await th.getByRole("button").click();
    await page.waitForTimeout(50);
  }
  if ((await th.getAttribute("aria-sort")) !== direction) throw new Error(`could not sort ${header} ${direction}`);
}

/** "1,234.50" or "—" as a plain decimal string, or null for the em dash. */
export function plainNumber(text: string): string | null {
  const trimmed = text.trim();
  return trimmed === "—" ? null : trimmed.replace(/,/g, "").replace(/%$/, "");
}
