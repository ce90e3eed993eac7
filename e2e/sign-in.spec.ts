import { spawn } from "node:child_process";
import { expect, test } from "./support/fixtures";
import { everyApiRoute } from "./support/routes";
import { e2eUser, signInOnPage } from "./support/session";
import { postSignIn } from "./support/raw-http";
import { expectUpstreamNeverSaw, upstreamGet } from "./support/upstream";

// Fresh ids per test: if any request got past the session checks, the upstream's log would show them.
function ids() {
  return { fundId: crypto.randomUUID(), investorId: crypto.randomUUID() };
}

test("without a session every page goes to /login and every API and CSV route answers 401, spoofed headers or not", async ({
  request,
}) => {
  const { fundId, investorId } = ids();
  for (const path of ["/", "/funds", `/funds/${fundId}`, `/funds/${fundId}/investors/${investorId}`]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(303);
    expect(response.headers().location, path).toContain(`/login?next=${encodeURIComponent(path)}`);
  }
  const apiPaths = everyApiRoute(fundId, investorId);
  const spoofs: Record<string, string>[] = [
    {},
    { "x-middleware-subrequest": "middleware:middleware:middleware:middleware:middleware" },
    { "x-middleware-subrequest": "proxy:proxy:proxy:proxy:proxy" },
  ];
  for (const path of apiPaths) {
    for (const headers of spoofs) {
      const response = await request.get(path, { headers });
      expect(response.status(), path).toBe(401);
      expect((await response.json()).error, path).toMatch(/Sign in/);
    }
  }
  await expectUpstreamNeverSaw([fundId, investorId]);
  const funds = await request.get("/api/funds");
  expect(funds.status()).toBe(401);
});

test.describe("signing in", () => {
  // A refused sign-in and the signed-out session's replay show up as 401s in the console.
  test.use({ allowedConsoleErrors: /status of 401/ });

  test("a person signs in, lands where they were going, and signs out", async ({ page, context, request }) => {
    const [fund] = await upstreamGet<{ id: string }[]>("/funds");
    const fundId = fund!.id;
    await page.goto(`/funds/${fundId}`);
    await expect(page).toHaveURL(/\/login\?next=/);
    await page.getByLabel("Email").fill(e2eUser.email);
    await page.getByLabel("Password").fill("not the password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Wrong" })).toHaveText("Wrong email or password.");

    await signInOnPage(page);
    await expect(page).toHaveURL(new RegExp(`/funds/${fundId}$`));
    await expect(page.getByText(e2eUser.name)).toBeVisible();
    const cookie = (await context.cookies()).find((c) => c.name === "fe_session")!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe("Lax");
    expect(cookie.expires).toBeGreaterThan(Date.now() / 1000);

    // Signed out once the page has finished streaming, as a person would: parts still streaming when the session
    // ends are refused on the server, which React reports as boundaries it had to render in the browser.
    await page.waitForLoadState("load");
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/login\?signedOut=1/);
    await page.goto("/funds");
    await expect(page).toHaveURL(/\/login/);
    // The signed-out session's cookie, replayed, is refused.
    const replay = await request.get("/api/funds", { headers: { cookie: `fe_session=${cookie.value}` } });
    expect(replay.status()).toBe(401);
  });
});

test("the 6th failed sign-in within 5 minutes is refused with 429, per account and per address", async ({
  baseURL,
}) => {
  const run = Date.now().toString(36);
  // Each client sends from its own loopback address: the server counts the socket's address, not X-Forwarded-For.
  const post = (email: string, from: string, password = "wrong password") =>
    postSignIn(baseURL!, { email, password }, from);
  const unknown = await post(`nobody-${run}@example.com`, "127.1.0.1");
  const wrong = await post(`also-nobody-${run}@example.com`, "127.1.0.2");
  expect([unknown.status, JSON.parse(unknown.body)]).toEqual([wrong.status, JSON.parse(wrong.body)]);

  const account = `target-${run}@example.com`;
  for (let i = 0; i < 5; i++) expect((await post(account, "127.2.0.1")).status).toBe(401);
  const limited = await post(account, "127.2.0.1");
  expect(limited.status).toBe(429);
  expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);

  for (let i = 0; i < 5; i++) expect((await post(`spray-${i}-${run}@example.com`, "127.3.0.1")).status).toBe(401);
  expect((await post(`spray-9-${run}@example.com`, "127.3.0.1")).status).toBe(429);
  // Even the right password is refused from a blocked address.
  expect((await post(e2eUser.email, "127.3.0.1", e2eUser.password)).status).toBe(429);
});

test("with a real upstream and no sign-in configured, the server refuses to start and says how to fix it", async () => {
  const child = spawn("node", ["scripts/server.mjs"], {
    env: {
      ...process.env,
      PORT: "3199",
      CUSTOMER_API_BASE_URL: "http://127.0.0.1:9",
      CUSTOMER_API_TOKEN: "t",
      DASHBOARD_AUTH: "",
      DASHBOARD_USERS_FILE: "",
      OIDC_ISSUER: "",
    },
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => {
    const timer = setTimeout(() => (child.kill("SIGKILL"), resolve(null)), 30_000);
    child.on("exit", (exitCode) => (clearTimeout(timer), resolve(exitCode)));
  });
  expect(code).not.toBe(0);
  expect(code).not.toBeNull();
  expect(output).toContain("sign-in is not configured");
  expect(output).toContain("DASHBOARD_AUTH=none");
});
