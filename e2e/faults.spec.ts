import { expect, test } from "./support/fixtures";
import { resetUpstream, setFaults } from "./support/upstream";

// The e2e app gives the upstream 2 s per attempt and 4 s per call (playwright.config.ts).
const deadlineMs = 4_000;

test.describe.configure({ mode: "serial" });
test.afterEach(async ({ request }) => {
  await resetUpstream();
  // One good call closes the breaker's count again, so each case starts from a healthy upstream.
  await expect.poll(async () => (await request.get("/api/funds")).status(), { timeout: 10_000 }).toBe(200);
});

const cases = [
  { name: "down", faults: { down: true }, status: 502, message: /could not be reached/ },
  { name: "slow past the timeout", faults: { hang: 1 }, status: 504, message: /did not answer within/ },
  { name: "a 5xx burst", faults: { error5xx: 1 }, status: 502, message: /failed \(HTTP 5\d\d\)/ },
  { name: "malformed JSON", faults: { malformed: 1 }, status: 502, message: /not JSON/ },
  { name: "an HTML error page", faults: { html: 1 }, status: 502, message: /failed \(HTTP 502\)/ },
  { name: "a wrong shape", faults: { wrongShape: 1 }, status: 502, message: /unexpected shape/ },
  { name: "a connection reset mid-body", faults: { reset: 1 }, status: 502, message: /could not be reached/ },
  { name: "a 50 MB body", faults: { huge: 1 }, status: 502, message: /larger than 40 MB|not JSON/ },
  {
    name: "the token rejected",
    faults: { rejectToken: true },
    status: 502,
    message: /rejected the dashboard's API token/,
  },
];

for (const fault of cases) {
  test(`${fault.name}: ${fault.status} with a clear message within the deadline, then recovery`, async ({
    request,
  }) => {
    await setFaults(fault.faults);
    const started = Date.now();
    const response = await request.get("/api/funds", { timeout: 20_000 });
    const elapsed = Date.now() - started;
    expect(response.status()).toBe(fault.status);
    expect((await response.json()).error).toMatch(fault.message);
    expect(elapsed, "answered within the deadline plus one second").toBeLessThan(deadlineMs + 1_000);

    await resetUpstream();
    expect((await request.get("/api/funds")).status()).toBe(200);
  });
}

test("after repeated failures the circuit breaker answers 503 at once with Retry-After, and closes again", async ({
  request,
}) => {
  await setFaults({ error5xx: 1 });
  for (let i = 0; i < 5; i++) expect((await request.get("/api/funds")).status()).toBe(502);
  const started = Date.now();
  const refused = await request.get("/api/funds");
  expect(refused.status()).toBe(503);
  expect(Date.now() - started).toBeLessThan(500);
  expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(0);
  expect((await refused.json()).error).toMatch(/giving it a rest/);

  await resetUpstream();
  await expect.poll(async () => (await request.get("/api/funds")).status(), { timeout: 10_000 }).toBe(200);
});

test.describe("the page", () => {
  test.use({ allowedConsoleErrors: /status of 50\d/ });

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

  test("the fund page shows the upstream's failure in place, and recovers by itself", async ({ page, request }) => {
    // The page answers from the fund's held list while it is fresh (60 s, and the suites before read every fund), so
    // with every upstream call failing it is reloaded until that list has aged and the page has to ask the upstream.
    test.setTimeout(120_000);
    const [fund] = (await (await request.get("/api/funds")).json()) as { id: string }[];
    await setFaults({ error5xx: 1 });
    const alert = page.getByRole("alert").filter({ hasText: "Could not load the data" });
    await expect(async () => {
      await page.goto(`/funds/${fund!.id}`);
      await expect(alert.first()).toContainText(/HTTP 5\d\d|giving it a rest/, { timeout: 1_000 });
    }).toPass({ timeout: 80_000, intervals: [2_000] });
    await expect(page.getByRole("heading", { level: 2, name: "Legal entity" })).toHaveCount(0);
    // No click: the panel retries on its own and the page fills in once the upstream answers.
    await setFaults({ error5xx: 0 });
    await expect(page.getByRole("heading", { level: 2, name: "Legal entity" })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole("table", { name: "Investors" })).toBeVisible();
  });

  test("a burst of two 503s is absorbed by the retries", async ({ request }) => {
    await setFaults({ failNext: 2 });
    expect((await request.get("/api/funds")).status()).toBe(200);
  });
});
