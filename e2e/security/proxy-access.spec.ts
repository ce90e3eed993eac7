import { expect, test } from "../support/fixtures";
import { rawRequest } from "../support/raw-http";
import { spawnApp, type SpawnedApp } from "./spawn-app";

// Behind an authenticating proxy with ACCESS_RULES_FILE: the person's groups come in a header, believed only with
// the proxy's secret, and decide the role (e2e/support/access-rules.json).

const secret = "proxy-secret-for-the-access-e2e-0123456789";
const noAccess = (email: string) =>
  `Your account ${email} has no access to Fund Explorer. Ask an administrator to add you to a group.`;

// A refused page answers 403 on purpose.
test.use({ allowedConsoleErrors: /status of 403/ });
test.describe.configure({ mode: "serial" });

let app: SpawnedApp;
test.beforeAll(async () => {
  // A production server's start (its warm-up included) on a machine busy with the other suites' servers.
  test.setTimeout(90_000);
  app = await spawnApp(3195, {
    DASHBOARD_AUTH: "none",
    DASHBOARD_PROXY_USER_HEADER: "X-Forwarded-Email",
    DASHBOARD_PROXY_GROUPS_HEADER: "X-Forwarded-Groups",
    DASHBOARD_PROXY_SECRET: secret,
    ACCESS_RULES_FILE: "e2e/support/access-rules.json",
  });
});
test.afterAll(async () => app?.stop());

const proxied = (email: string, groups: string) => ({
  "x-forwarded-email": email,
  "x-forwarded-groups": groups,
  "x-dashboard-proxy-secret": secret,
});

test("the groups header decides the role, shown in the header's menu", async ({ page }) => {
  await page.setExtraHTTPHeaders(proxied("pat@example.com", "another-team, fund-ops-northwind"));
  await page.goto(`${app.url}/funds`);
  await expect(page.getByRole("banner").getByText("pat@example.com")).toBeVisible();
  await expect(page.getByRole("banner").getByText("ops · Northwind Ventures")).toBeVisible();
  // The proxy signs people out, not the dashboard.
  await expect(page.getByRole("button", { name: "Sign out" })).toHaveCount(0);
});

test("a person no rule admits gets a 403 page and JSON that say so, and the groups header alone proves nothing", async ({
  page,
}) => {
  await page.setExtraHTTPHeaders(proxied("rex@example.com", "another-team"));
  const response = await page.goto(`${app.url}/funds`);
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("alert")).toHaveText(noAccess("rex@example.com"));
  const api = await rawRequest(app.url, "/api/funds", "GET", proxied("rex@example.com", "another-team"));
  expect(api.status).toBe(403);
  expect(JSON.parse(api.body)).toEqual({ error: noAccess("rex@example.com") });
  // Without the proxy's secret, an admin's group in the header is nobody's.
  const forged = { ...proxied("rex@example.com", "fund-explorer-admins"), "x-dashboard-proxy-secret": "wrong" };
  expect((await rawRequest(app.url, "/api/funds", "GET", forged)).status).toBe(401);
  // One refused row in the audit trail, however many requests the proxy sends for them: an admin reads it there.
  const admin = proxied("ada@example.com", "fund-explorer-admins");
  const refused = async () =>
    JSON.parse((await rawRequest(app.url, "/api/audit?action=sign_in_refused&person=rex", "GET", admin)).body);
  // The store may be keeping the upstream's 50,000-investor list when the admin looks (one transaction in PGlite's one
  // connection): a read then waits for it, seconds on a loaded machine. What is asserted is one row, not the wait.
  test.setTimeout(60_000);
  await expect.poll(async () => (await refused()).matched, { timeout: 30_000 }).toBe(1);
  expect((await refused()).rows[0]).toMatchObject({ actor: "rex@example.com", outcome: "refused" });
});

test("an admin's /access lists the rules and the people the proxy let in or refused", async ({ page }) => {
  await page.setExtraHTTPHeaders(proxied("ada@example.com", "fund-explorer-admins"));
  await page.goto(`${app.url}/access`);
  await expect(page.getByRole("heading", { name: "Access", exact: true })).toBeVisible();
  const rules = page.getByRole("table", { name: "Access rules" });
  await expect(rules.getByRole("row")).toHaveCount(4);
  const recent = page.getByRole("table", { name: "Recently signed in" });
  await expect(recent.getByRole("row").filter({ hasText: "pat@example.com" })).toContainText("rule fund-ops-northwind");
  await expect(recent.getByRole("row").filter({ hasText: "rex@example.com" })).toContainText("none (refused)");
});
