import { expect, test as setup } from "@playwright/test";
import { storageState } from "./playwright.config";
import { signInOnPage } from "./support/session";

setup("sign in as the local e2e user", async ({ page }) => {
  await page.goto("/funds");
  await expect(page).toHaveURL(/\/login\?next=%2Ffunds/);
  await signInOnPage(page);
  await expect(page.getByRole("table", { name: "Funds" })).toBeVisible();
  await page.context().storageState({ path: storageState });
});
