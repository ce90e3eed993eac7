import { expect, test } from "./support/fixtures";

test("with no upstream configured, / opens the funds of the built-in demo API", async ({ page }) => {
  const funds = (await (await page.request.get("/api/funds")).json()) as unknown[];
  expect(funds.length).toBeGreaterThan(10);

  await page.goto("/");
  await expect(page).toHaveURL(/\/funds(\?.*)?$/);
  await expect(page.getByRole("heading", { level: 1, name: "Funds" })).toBeVisible();
  await expect(page.getByText("Demo data")).toBeVisible();
  await expect(page.getByText(`${funds.length} of ${funds.length} funds`)).toBeVisible();
  await expect(page.getByRole("table", { name: "Funds" }).getByRole("link").first()).toBeVisible();
});
