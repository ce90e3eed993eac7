// Every target a finger may press is at least 24 × 24 CSS px (WCAG 2.2's 2.5.8, without its spacing exception).
import type { Locator, Page } from "@playwright/test";
import { expect } from "../support/fixtures";

/** What a finger or a keyboard can act on. */
const interactive = [
  "a[href]",
  "button",
  'input:not([type="hidden"])',
  "select",
  "textarea",
  "summary",
  '[role="button"]',
  '[role="link"]',
  '[role="checkbox"]',
  '[role="tab"]',
  '[role="menuitem"]',
  '[tabindex]:not([tabindex^="-"])',
].join(", ");

export const MIN_TARGET = 24;

/**
 * The targets under `root` (shown, and not `pointer-events: none`) smaller than 24 × 24, named with their size. A
 * form control wrapped in its label is pressed through the label, so the label's box is its target. A visually
 * hidden control (the skip link) is measured while focused, as it shows then, when nothing else has the focus (an
 * open search would close). The one exception allowed is WCAG's inline one, a link inside a sentence: recognised
 * narrowly as an `<a>` laid out `display: inline` whose parent holds words of its own in a text node beside it, so
 * a link alone in a cell, a list item or a button row is measured.
 */
export async function smallTouchTargets(root: Locator): Promise<string[]> {
  return root.evaluate(
    (top, { selector, min }) => {
      const hidden = (element: Element) => {
        const style = getComputedStyle(element);
        return style.clipPath === "inset(50%)" || style.clip === "rect(0px, 0px, 0px, 0px)";
      };
      const inSentence = (element: Element) =>
        element.localName === "a" &&
        getComputedStyle(element).display === "inline" &&
        [...(element.parentElement?.childNodes ?? [])].some(
          (node) => node.nodeType === Node.TEXT_NODE && /\p{L}/u.test(node.textContent ?? ""),
        );
      const box = (element: Element) => {
        const label = element.matches("input, select, textarea") ? element.closest("label") : null;
        return (label ?? element).getBoundingClientRect();
      };
      const name = (element: Element) => {
        const text =
          element.getAttribute("aria-label") ??
          ((element.closest("label") ?? element).textContent ?? "").replace(/\s+/g, " ").trim();
        const type = element.getAttribute("type");
        return `${element.localName}${type ? `[type=${type}]` : ""} "${text.slice(0, 50)}"`;
      };
      const small: string[] = [];
      for (const element of top.querySelectorAll(selector)) {
        if (element.closest("[inert]") || inSentence(element)) continue;
        let rect = box(element);
        if (hidden(element)) {
          // Focus moved would close an open search or menu: then the hidden control is left for another page.
          if (!(element instanceof HTMLElement) || (document.activeElement ?? document.body) !== document.body)
            continue;
          element.focus({ preventScroll: true });
          const shown = !hidden(element);
          rect = box(element);
          element.blur();
          if (!shown) continue;
        }
        const style = getComputedStyle(element);
        if (rect.width === 0 || rect.height === 0 || style.visibility === "hidden" || style.pointerEvents === "none")
          continue;
        if (rect.width < min - 0.01 || rect.height < min - 0.01)
          small.push(`${name(element)}: ${rect.width.toFixed(1)} × ${rect.height.toFixed(1)}`);
      }
      return small;
    },
    { selector: interactive, min: MIN_TARGET },
  );
}

/**
 * Fails naming each target on the page under 24 × 24 CSS px: as it is, then (the page at rest) with each closed
 * disclosure (a toolbar's menu, a filter) opened in turn, as its contents are targets too, and closed again.
 */
export async function expectTouchTargets(page: Page, what: string): Promise<void> {
  const small = await smallTouchTargets(page.locator("body"));
  const summaries = page.locator("details > summary");
  // With the focus in an open search, opening a disclosure would close the search: its targets are measured as is.
  const atRest = await page.evaluate(() => (document.activeElement ?? document.body) === document.body);
  for (let at = 0, count = atRest ? await summaries.count() : 0; at < count; at++) {
    const summary = summaries.nth(at);
    const details = summary.locator("..");
    if (!(await summary.isVisible()) || (await details.evaluate((element) => (element as HTMLDetailsElement).open)))
      continue;
    await summary.click();
    await expect(details.getByRole("status").filter({ hasText: "Loading…" })).toHaveCount(0);
    const name = (await summary.innerText()).trim();
    small.push(...(await smallTouchTargets(details)).map((target) => `(${name} open) ${target}`));
    await summary.click();
  }
  if (atRest) await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  expect(small, `${what}: targets under ${MIN_TARGET} × ${MIN_TARGET} CSS px`).toEqual([]);
}
