import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";

// The test provider's own login pages try to load web fonts and a favicon, which this machine cannot reach.
test.use({ allowedConsoleErrors: /ERR_NAME_NOT_RESOLVED|status of 404|status of 401/ });

// oidc-provider's development login and consent pages.
async function signInAtProvider(page: Page, email: string) {
  await page.getByRole("link", { name: "Sign in with single sign-on" }).click();
  await page.locator('input[name="login"]').fill(email);
  await page.locator('input[name="password"]').fill("any password");
  await page.locator('button[type="submit"]').click();
  const consent = page.locator('button[type="submit"]', { hasText: /continue/i });
  if (await consent.isVisible().catch(() => false)) await consent.click();
}

test("single sign-on lets in an allowed email and brings the person back to their page", async ({ page }) => {
  await page.goto("/funds?sort=target_size.desc");
  await expect(page).toHaveURL(/\/login\?next=/);
  await signInAtProvider(page, "ana.ops@example.com");
  await expect(page).toHaveURL(/\/funds\?sort=target_size\.desc$/);
  await expect(page.getByRole("table", { name: "Funds" })).toBeVisible();
  await expect(page.getByText("ana.ops")).toBeVisible();
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login\?signedOut=1/);
});

test("single sign-on refuses an email outside the allowed domain", async ({ page }) => {
  await page.goto("/funds");
  await signInAtProvider(page, "mallory@elsewhere.test");
  await expect(page).toHaveURL(/\/login\?error=forbidden/);
  await expect(page.getByRole("alert").filter({ hasText: "not allowed" })).toBeVisible();
  const api = await page.request.get("/api/funds");
  expect(api.status()).toBe(401);
});
