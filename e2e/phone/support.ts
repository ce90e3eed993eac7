// Shared by the phone journeys (390 × 844, touch): the document fits the screen, a figure is on it, axe is clean.
import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { expect } from "../support/fixtures";
import { expectTouchTargets } from "./touch-targets";

export const colorSchemes = ["light", "dark"] as const;

/**
 * The document is no wider than the viewport: nothing on the page scrolls sideways. A phone zooms out to show a page
 * wider than its screen (innerWidth then grows with it), so the page is held to the screen's own width too.
 */
export async function expectNoSidewaysScroll(page: Page, what: string): Promise<void> {
  const screen = page.viewportSize()!.width;
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(
    scrollWidth,
    `${what}: the document is ${scrollWidth} px wide, the viewport ${innerWidth} px`,
  ).toBeLessThanOrEqual(Math.min(innerWidth, screen));
}

/** The element is visible and wholly within the screen's width, without scrolling sideways. */
export async function expectOnScreen(locator: Locator): Promise<void> {
  await expect(locator).toBeVisible();
  const screen = locator.page().viewportSize()!.width;
  await expect
    .poll(async () => {
      const box = await locator.boundingBox();
      return box ? { left: box.x >= 0, right: box.x + box.width <= screen } : null;
    }, "wholly within the screen's width")
    .toEqual({ left: true, right: true });
}

/** The value of a card's labelled figure (a term and its definition). */
export function figure(card: Locator, label: string): Locator {
  return card
    .getByRole("term")
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator("+ dd");
}

/** No WCAG 2.2 A/AA violation (target size included) on the page as it is now. */
export async function expectNoAxeViolations(page: Page, what: string): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.length} × ${v.nodes[0]?.target.join(" ")}`),
    what,
  ).toEqual([]);
}

/** The page fits the screen in light and in dark, axe finds nothing in either, and every target takes a finger. */
export async function expectReadableInBothSchemes(page: Page, what: string): Promise<void> {
  await expectTouchTargets(page, what);
  for (const colorScheme of colorSchemes) {
    await page.emulateMedia({ colorScheme });
    await expectNoSidewaysScroll(page, `${what} (${colorScheme})`);
    await expectNoAxeViolations(page, `${what} (${colorScheme})`);
  }
  await page.emulateMedia({ colorScheme: "light" });
}
