import { test as base, expect } from "@playwright/test";

interface Options {
  /** Console errors a test expects (an /api route answering 502 on purpose logs one in Chromium). */
  allowedConsoleErrors: RegExp | null;
}

/** Every spec fails on an uncaught page error or a console error it did not expect. */
export const test = base.extend<Options & { pageErrors: void }>({
  allowedConsoleErrors: [null, { option: true }],
  pageErrors: [
    async ({ page, allowedConsoleErrors }, use) => {
      const problems: string[] = [];
      page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
      page.on("console", (message) => {
        if (message.type() !== "error") return;
        const text = message.text();
        if (!allowedConsoleErrors?.test(text)) problems.push(`console error: ${text}`);
      });
      await use();
      expect(problems, "the page logged errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
