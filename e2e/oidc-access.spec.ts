import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { setProviderAccount, signInAtProvider, uniqueEmail } from "./support/oidc";

// ACCESS_RULES_FILE is e2e/support/access-rules.json; the app asks the provider again every 2 s (playwright.config).

// The provider's pages try to load web fonts; a refused page or route answers 401, 403 or 404 on purpose.
test.use({ allowedConsoleErrors: /ERR_NAME_NOT_RESOLVED|status of 40[134]/ });

const noAccess = (email?: string) =>
  `Your account${email ? ` ${email}` : ""} has no access to Fund Explorer. Ask an administrator to add you to a group.`;

async function signIn(page: Page, email: string) {
  await page.goto("/funds");
  await signInAtProvider(page, email);
  await expect(page).toHaveURL(/\/funds$/);
}

/** Waits past the re-evaluation interval, so the next request asks the provider again. */
const pastReevaluation = (page: Page) => page.waitForTimeout(2_500);

/** The sign-in page's message, not Next's route announcer (also an alert). */
const alert = (page: Page) => page.getByRole("alert").filter({ hasText: "no access" });

test("a group's role is the person's, and a group removed at the provider loses it by the next re-evaluation", async ({
  page,
}) => {
  const email = uniqueEmail("nora.ops");
  await setProviderAccount(email, { groups: ["fund-explorer-staff", "fund-ops-northwind"] });
  await signIn(page, email);
  // The highest role of the matching rules, over the scopes of the rules that grant it.
  await expect(page.getByRole("banner").getByText("ops · Northwind Ventures")).toBeVisible();

  await setProviderAccount(email, { groups: ["fund-explorer-staff"] });
  await pastReevaluation(page);
  await page.reload();
  await expect(page.getByRole("banner").getByText("viewer · everything")).toBeVisible();

  // In no group a rule names: refused, and the sign-in page says so, naming the account.
  await setProviderAccount(email, { groups: [] });
  await pastReevaluation(page);
  await page.goto("/funds");
  await expect(page).toHaveURL(/\/login\?error=no-access$/);
  await expect(alert(page)).toHaveText(noAccess(email));
  const api = await page.request.get("/api/funds");
  expect(api.status()).toBe(403);
  expect((await api.json()).error).toBe(noAccess(email));

  // Back in a group: let in again at the next re-evaluation, still without signing in.
  await setProviderAccount(email, { groups: ["fund-explorer-staff"] });
  await pastReevaluation(page);
  await page.goto("/funds");
  await expect(page.getByRole("banner").getByText("viewer · everything")).toBeVisible();
});

test("a person whose groups match no rule is refused sign-in with a page that says so", async ({ page }) => {
  const email = uniqueEmail("nobody");
  await setProviderAccount(email, { groups: ["another-team"] });
  await page.goto("/funds");
  await signInAtProvider(page, email);
  await expect(page).toHaveURL(/\/login\?error=no-access$/);
  await expect(alert(page)).toHaveText(noAccess());
  expect((await page.request.get("/api/funds")).status()).toBe(401);
});

test("a person the provider no longer knows is signed out by the next re-evaluation", async ({ page }) => {
  const email = uniqueEmail("leaver");
  await signIn(page, email);
  await setProviderAccount(email, { gone: true });
  await pastReevaluation(page);
  await page.goto("/funds");
  await expect(page).toHaveURL(/\/login\?next=%2Ffunds$/);
  expect((await page.request.get("/api/funds")).status()).toBe(401);
});

test("an admin sees who has which access and from which rule, and ends a person's sessions", async ({
  page,
  browser,
  baseURL,
}) => {
  const admin = uniqueEmail("ada.admin");
  const ops = uniqueEmail("otto.ops");
  await setProviderAccount(admin, { groups: ["fund-explorer-admins"] });
  await setProviderAccount(ops, { groups: ["fund-ops-northwind"] });
  const opsContext = await browser.newContext({ baseURL });
  try {
    const opsPage = await opsContext.newPage();
    await signIn(opsPage, ops);
    // Not an admin: there is nothing at /access, and no link to it.
    await expect(opsPage.getByRole("banner").getByRole("link", { name: "Access" })).toHaveCount(0);
    await opsPage.goto("/access");
    await expect(opsPage.getByRole("heading", { name: "Page not found" })).toBeVisible();

    await signIn(page, admin);
    await expect(page.getByRole("banner").getByText("admin · everything")).toBeVisible();
    await page.getByRole("banner").getByRole("link", { name: "Access" }).click();
    await expect(page).toHaveURL(/\/access$/);
    const rules = page.getByRole("table", { name: "Access rules" });
    await expect(rules.getByRole("row").filter({ hasText: "fund-ops-northwind" })).toContainText("Northwind Ventures");
    const row = page.getByRole("table", { name: "Recently signed in" }).getByRole("row").filter({ hasText: ops });
    await expect(row).toContainText("rule fund-ops-northwind");
    await expect(row).toContainText("single sign-on");
    await row.getByRole("button", { name: `Revoke sessions of ${ops}` }).click();
    await expect(row.getByRole("status")).toHaveText("Sessions ended");

    await opsPage.goto("/funds");
    await expect(opsPage).toHaveURL(/\/login\?next=%2Ffunds$/);
  } finally {
    await opsContext.close();
  }
});
