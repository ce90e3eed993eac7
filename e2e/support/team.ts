// Shared by the team journeys (issue 45): a colleague's own browser, signed in through the login page, and an overdue
// position of capital outstanding to work on.
import type { APIRequestContext, Browser, BrowserContextOptions, Page } from "@playwright/test";
import { expect } from "./fixtures";
import { e2eColleague, signInOnPage } from "./session";

export interface OverduePosition {
  fund: { id: string; name: string };
  investorId: string;
  name: string;
  daysOverdue: number;
}

/** The `at`th overdue position once every fund is read (the top one is the other journeys'). */
export async function overduePosition(request: APIRequestContext, at: number): Promise<OverduePosition> {
  let rows: OverduePosition[] = [];
  await expect
    .poll(
      async () => {
        const page = (await (await request.get("/api/outstanding?overdue=1&limit=20")).json()) as {
          complete: boolean;
          rows: OverduePosition[];
        };
        rows = page.rows;
        return page.complete;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  expect(rows.length, "positions are overdue").toBeGreaterThan(at);
  return rows[at]!;
}

/**
 * The colleague's own browser, signed in (the project's options: its base URL, screen and touch), and what its pages
 * logged as errors, which a journey expects to be none as the fixtures do of the test's own page.
 */
export async function colleaguePage(
  browser: Browser,
  options: BrowserContextOptions,
): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ ...options, storageState: undefined });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`page error: ${error.message}`));
  page.on("console", (message) => void (message.type() === "error" && errors.push(message.text())));
  await page.goto("/login");
  await signInOnPage(page, e2eColleague);
  await expect(page).not.toHaveURL(/\/login/);
  return { page, errors };
}

export const todayUtc = () => new Date().toISOString().slice(0, 10);
