import { expect, test } from "./support/fixtures";
import { sessionCookieHeader } from "./support/session";
import { resetUpstream, setFaults } from "./support/upstream";

test.describe.configure({ mode: "serial" });
test.afterEach(resetUpstream);

test("a rejected token shows the error panel, and Retry works once the upstream recovers", async ({ page }) => {
  await setFaults({ rejectToken: true });
  await page.goto("/funds");
  const alert = page.getByRole("alert").filter({ hasText: "Could not load the data" });
  await expect(alert).toContainText("rejected the dashboard's API token");
  await expect(page.getByRole("table")).toHaveCount(0);

  await setFaults({ rejectToken: false });
  await alert.getByRole("button", { name: "Retry" }).click();
  await expect(page.getByRole("table")).toBeVisible();
  await expect(alert).toHaveCount(0);
});

test("the fund page shows the upstream's failure in place, and recovers with Retry", async ({ page, request }) => {
  const [fund] = (await (await request.get("/api/funds")).json()) as { id: string }[];
  await setFaults({ failNext: 3 });
  await page.goto(`/funds/${fund!.id}`);
  const alert = page.getByRole("alert").filter({ hasText: "Could not load the data" });
  await expect(alert.first()).toContainText("HTTP 503");
  await alert.first().getByRole("button", { name: "Retry" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Legal entity" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Investors" })).toBeVisible();
});

test("a burst of two 503s is absorbed by the retries", async ({ request }) => {
  await setFaults({ failNext: 2 });
  const response = await request.get("/api/funds");
  expect(response.status()).toBe(200);
});

test("an upstream that hangs answers 504 within the deadline", async ({ request }) => {
  await setFaults({ hang: 1 });
  const started = Date.now();
  const response = await request.get("/api/funds", { timeout: 15_000 });
  expect(response.status()).toBe(504);
  expect((await response.json()).error).toMatch(/did not answer/);
  expect(Date.now() - started).toBeLessThan(4_000 + 1_000);
});

test.describe("all investors download", () => {
  test.use({ allowedConsoleErrors: /ERR_|Failed to load resource/ });

  test("an upstream failure mid-way aborts the download instead of saving a short file", async ({ page, baseURL }) => {
    await page.goto("/funds");
    // The funds list and the first fund's investors pass; every later upstream call fails, retries included.
    await setFaults({ passNext: 2, failNext: 1_000 });
    let downloaded = false;
    page.on("download", () => (downloaded = true));
    await page.getByRole("button", { name: "All investors (CSV)" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "interrupted" })).toBeVisible({ timeout: 20_000 });
    expect(downloaded).toBe(false);

    await resetUpstream();
    await setFaults({ passNext: 2, failNext: 1_000 });
    const response = await fetch(`${baseURL}/api/investors.csv`, { headers: { cookie: sessionCookieHeader() } });
    expect(response.status).toBe(200);
    await expect(response.text()).rejects.toThrow();
  });
});
