import type { Page } from "@playwright/test";
import { ports } from "../playwright.config";

/** Signs in at oidc-provider's development login and consent pages (the sign-in page must be showing). */
export async function signInAtProvider(page: Page, email: string) {
  await page.getByRole("link", { name: "Sign in with single sign-on" }).click();
  await page.locator('input[name="login"]').fill(email);
  await page.locator('input[name="password"]').fill("any password");
  await page.locator('button[type="submit"]').click();
  const consent = page.locator('button[type="submit"]', { hasText: /continue/i });
  if (await consent.isVisible().catch(() => false)) await consent.click();
}

/** Sets an account at the test provider: its groups, or gone (its refresh tokens are refused from then on). */
export async function setProviderAccount(email: string, account: { groups?: string[]; gone?: boolean }) {
  const url = `http://127.0.0.1:${ports.oidcProvider}/__test/accounts/${encodeURIComponent(email)}`;
  const response = await fetch(url, { method: "PUT", body: JSON.stringify(account) });
  if (response.status !== 204) throw new Error(`the provider refused the account change: ${response.status}`);
}

/** An email of its own for each test, so tests running at once never share an account. */
export const uniqueEmail = (name: string) => `${name}.${crypto.randomUUID().slice(0, 8)}@example.com`;
