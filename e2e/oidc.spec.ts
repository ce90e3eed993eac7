import { expect, test } from "./support/fixtures";
import { signInAtProvider } from "./support/oidc";
import { rawRequest } from "./support/raw-http";

// The test provider's own login pages try to load web fonts and a favicon, which this machine cannot reach.
test.use({ allowedConsoleErrors: /ERR_NAME_NOT_RESOLVED|status of 404|status of 401/ });

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

test("the 6th single sign-on start left unfinished from one address within 5 minutes is refused with 429", async ({
  baseURL,
}) => {
  // Sent from loopback addresses of its own (the server counts the socket's), so the other tests' sign-ins from
  // 127.0.0.1 are neither counted with these nor refused.
  const start = (from: string) => rawRequest(baseURL!, "/auth/oidc/login?next=%2Ffunds", "GET", {}, { from });
  for (let i = 0; i < 5; i++) expect((await start("127.4.0.1")).status).toBe(303);
  const refused = await start("127.4.0.1");
  expect(refused.status).toBe(429);
  expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
  expect(JSON.parse(refused.body)).toEqual({ error: "Too many failed sign-ins. Wait a few minutes and try again." });
  expect(refused.headers["set-cookie"]).toBeUndefined();
  // Another address still goes to the provider.
  expect((await start("127.4.0.2")).status).toBe(303);
});
