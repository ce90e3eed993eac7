import { mediumFund } from "./support/investors";
import { expect, test } from "./support/fixtures";

// The server's own refusal when it is too busy to start a request: 503 JSON with Retry-After, as scripts/server.mjs
// answers it. The browser is given that answer once, for one view, so the test needs no load to get it.
const busyAnswer = {
  status: 503,
  headers: { "Content-Type": "application/json", "Retry-After": "1", "Cache-Control": "private, no-store" },
  body: JSON.stringify({ error: "The dashboard is busy. Retrying shortly…" }),
};

test.use({ allowedConsoleErrors: /status of 503/ });

test("a view the server was too busy to start says 'Busy, retrying…' and shows its rows after one retry", async ({
  page,
}) => {
  const { fundId, investors } = await mediumFund();
  const term = (investors[0]!.primary_contact?.email ?? "").split("@")[0]!.toLowerCase();
  let refused = 0;
  await page.route(/\/investor-rows\?.*q=/, async (route) => {
    if (refused++ === 0) return route.fulfill(busyAnswer);
    return route.continue();
  });
  await page.goto(`/funds/${fundId}`);
  await expect(page.getByText(`${investors.length} of ${investors.length} investors`)).toBeVisible();
  await page.getByRole("searchbox", { name: "Search investors" }).fill(term);
  await expect(page.getByRole("status").filter({ hasText: "Busy, retrying…" })).toBeVisible();
  // The retry's answer: the search narrowed the table, and nothing says it failed.
  await expect(page.getByRole("status").filter({ hasText: "Busy, retrying…" })).toBeHidden();
  const count = page.getByText(new RegExp(`^[\\d,]+ of ${investors.length} investors$`));
  await expect(count).not.toHaveText(`${investors.length} of ${investors.length} investors`);
  const shown = Number((await count.innerText()).split(" ")[0]);
  expect(shown).toBeGreaterThan(0);
  await expect(page.getByText("Could not load the data")).toHaveCount(0);
  expect(refused).toBeGreaterThanOrEqual(2);
});
