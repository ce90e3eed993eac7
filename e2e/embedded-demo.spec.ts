import { expect, test } from "./support/fixtures";

test("with no upstream configured, / opens the Overview of the built-in demo API, and its funds are listed", async ({
  page,
}) => {
  const funds = (await (await page.request.get("/api/funds")).json()) as unknown[];
  expect(funds.length).toBeGreaterThan(10);

  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  await expect(page.getByRole("term").filter({ hasText: /^Funds$/ })).toBeVisible();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Funds" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Funds" })).toBeVisible();
  await expect(page.getByText("Demo data")).toBeVisible();
  await expect(page.getByText(`${funds.length} of ${funds.length} funds`)).toBeVisible();
  await expect(page.getByRole("table", { name: "Funds" }).getByRole("link").first()).toBeVisible();
});
