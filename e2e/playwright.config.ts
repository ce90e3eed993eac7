import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { defineConfig, devices, type PlaywrightTestConfig } from "@playwright/test";

/** One e2e server: e2e/support/start-servers.mjs starts them all at once and waits for each URL. */
type Server = { name: string; command: string; url: string; env?: Record<string, string | undefined> };

// Workers inherit the main process's environment, so the token is drawn once per run.
process.env.E2E_UPSTREAM_TOKEN ??= `e2e.${randomBytes(18).toString("base64url")}.${randomBytes(12).toString("hex")}`;
const token = process.env.E2E_UPSTREAM_TOKEN;
process.env.E2E_SESSION_SECRET ??= randomBytes(32).toString("base64url");

// E2E_PORT_OFFSET moves every port, so two checkouts can run their suites on one machine at once.
const offset = Number(process.env.E2E_PORT_OFFSET ?? 0);
export const ports = {
  demoApp: 3100 + offset,
  app: 3101 + offset,
  oidcApp: 3102 + offset,
  securityApp: 3103 + offset,
  scopesApp: 3107 + offset,
  lifecycleApp: 3108 + offset,
  httpsApp: 3196 + offset,
  openApp: 3197 + offset,
  upstream: 4011 + offset,
  oidcProvider: 4012 + offset,
  securityUpstream: 4013 + offset,
  lifecycleUpstream: 4014 + offset,
};
export const storageState = join(__dirname, "..", ".e2e", "auth.json");
const logs = ".e2e";
const signedIn = { storageState };
// Each server's store folder starts as a copy of one initdb'd template (lib/store/pglite-template.mjs), made once
// before the servers start: a fresh folder's initdb took 6.4 s of a core for each.
const template = `${logs}/pglite-template`;
const seed = (name: string) => `node scripts/seed-store-folder.mjs ${logs}/db/${name}/db ${template}`;
const upstreamEnv = {
  CUSTOMER_API_BASE_URL: `http://127.0.0.1:${ports.upstream}`,
  CUSTOMER_API_TOKEN: token,
  CUSTOMER_API_TIMEOUT_MS: "2000",
  CUSTOMER_API_DEADLINE_MS: "4000",
  // Small enough that the fault suite's 50 MB body hits the cap; large enough for every demo fund.
  CUSTOMER_API_MAX_BODY_MB: "40",
  CUSTOMER_API_BREAKER_THRESHOLD: "5",
  CUSTOMER_API_BREAKER_COOLDOWN_MS: "3000",
  // Refresh may re-read a list once a second here (10 s by default), so the tests need not wait.
  INVESTOR_LIST_REFRESH_SECONDS: "1",
  DASHBOARD_SESSION_SECRET: process.env.E2E_SESSION_SECRET,
  // A test's own requests wait their turn rather than meet "busy" (503) while a 2-core CI machine runs two workers
  // and a directory build; busy.spec.ts shows the busy answer itself.
  QUEUE_WAIT_MS: "15000",
};

// Every server the suites use; E2E_DEMO_ONLY=1 (the Node 24 journey, which needs only the embedded demo) starts the
// embedded demo's alone rather than eight for one test.
function servers(): PlaywrightTestConfig["webServer"] {
  const all: Server[] = [
    {
      name: "upstream",
      command: `mkdir -p ${logs} && exec npx tsx lib/demo-api/cli.ts --port ${ports.upstream} --admin --token "$E2E_UPSTREAM_TOKEN" > ${logs}/upstream.log 2>&1`,
      url: `http://127.0.0.1:${ports.upstream}/__demo/control`,
    },
    {
      name: "app",
      command: `mkdir -p ${logs} && ${seed("app")} && exec env PORT=${ports.app} node scripts/server.mjs > ${logs}/app.log 2>&1`,
      url: `http://127.0.0.1:${ports.app}/readyz`,
      env: { ...upstreamEnv, DASHBOARD_USERS_FILE: "e2e/support/users.json", DATABASE_DIR: `${logs}/db/app/db` },
    },
    {
      name: "oidc-provider",
      command: `mkdir -p ${logs} && exec node e2e/support/oidc-provider.mjs > ${logs}/oidc-provider.log 2>&1`,
      url: `http://127.0.0.1:${ports.oidcProvider}/.well-known/openid-configuration`,
      env: {
        OIDC_PORT: String(ports.oidcProvider),
        OIDC_REDIRECT_URI: `http://127.0.0.1:${ports.oidcApp}/auth/oidc/callback`,
      },
    },
    {
      name: "oidc-app",
      command: `mkdir -p ${logs} && ${seed("oidc-app")} && exec env PORT=${ports.oidcApp} node scripts/server.mjs > ${logs}/oidc-app.log 2>&1`,
      url: `http://127.0.0.1:${ports.oidcApp}/readyz`,
      env: {
        ...upstreamEnv,
        DATABASE_DIR: `${logs}/db/oidc-app/db`,
        OIDC_ISSUER: `http://127.0.0.1:${ports.oidcProvider}`,
        OIDC_CLIENT_ID: "fund-explorer-e2e",
        OIDC_CLIENT_SECRET: "e2e-oidc-client-secret",
        OIDC_ALLOWED_DOMAIN: "example.com",
        OIDC_ALLOW_INSECURE_REQUESTS: "1",
        DASHBOARD_PUBLIC_URL: `http://127.0.0.1:${ports.oidcApp}`,
        // Groups to roles; each session's groups are asked of the provider again every 2 s, so the tests need not wait.
        ACCESS_RULES_FILE: "e2e/support/access-rules.json",
        ACCESS_REEVALUATE_SECONDS: "2",
      },
    },
    {
      name: "security-upstream",
      command: `mkdir -p ${logs} && exec npx tsx lib/demo-api/cli.ts --port ${ports.securityUpstream} --shape reference --fund-sizes 40,50000 --funds 3 --admin --token "$E2E_UPSTREAM_TOKEN" > ${logs}/security-upstream.log 2>&1`,
      url: `http://127.0.0.1:${ports.securityUpstream}/__demo/control`,
    },
    {
      name: "security-app",
      // Its users file is a copy the tests may edit (a user removed while signed in).
      command: `mkdir -p ${logs} && cp e2e/support/security-users.json ${logs}/security-users.json && rm -f ${logs}/security-revoked.json && ${seed("security-app")} && exec env PORT=${ports.securityApp} node scripts/server.mjs > ${logs}/security-app.log 2>&1`,
      url: `http://127.0.0.1:${ports.securityApp}/readyz`,
      env: {
        ...upstreamEnv,
        CUSTOMER_API_BASE_URL: `http://127.0.0.1:${ports.securityUpstream}`,
        CUSTOMER_API_MAX_BODY_MB: "200",
        CUSTOMER_API_TIMEOUT_MS: "20000",
        CUSTOMER_API_DEADLINE_MS: "40000",
        INVESTOR_LIST_REFRESH_SECONDS: "10",
        DASHBOARD_USERS_FILE: `${logs}/security-users.json`,
        DASHBOARD_REVOKED_USERS_FILE: `${logs}/security-revoked.json`,
        DATABASE_DIR: `${logs}/db/security-app/db`,
      },
    },
    {
      name: "demo-app",
      command: `mkdir -p ${logs} && ${seed("demo-app")} && exec env PORT=${ports.demoApp} node scripts/server.mjs > ${logs}/demo-app.log 2>&1`,
      url: `http://127.0.0.1:${ports.demoApp}/readyz`,
      env: { CUSTOMER_API_BASE_URL: "", CUSTOMER_API_TOKEN: "", DATABASE_DIR: `${logs}/db/demo-app/db` },
    },
  ];
  const chosen = process.env.E2E_DEMO_ONLY === "1" ? all.filter((server) => server.name === "demo-app") : all;
  return {
    command: "node e2e/support/start-servers.mjs",
    cwd: "..",
    wait: { stdout: /e2e servers ready/ },
    reuseExistingServer: false,
    timeout: 180_000,
    env: { E2E_SERVERS: JSON.stringify(chosen), E2E_PGLITE_TEMPLATE: template },
  };
}

export default defineConfig({
  testDir: ".",
  testMatch: "**/*.spec.ts",
  testIgnore: "bench/**",
  outputDir: "../.e2e/test-results",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json"]],
  use: {
    ...devices["Desktop Chrome"],
    viewport: { width: 1280, height: 800 },
    // The DOM snapshots of each action, kept for a failed test; not its screencast (JPEG frames cost the CPU-bound
    // run time on every test, kept or not).
    trace: { mode: "retain-on-failure", screenshots: false, snapshots: true, sources: true },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    {
      name: "embedded-demo",
      testMatch: "embedded-demo.spec.ts",
      use: { baseURL: `http://127.0.0.1:${ports.demoApp}` },
    },
    // The embedded demo's past makes last quarter's statements: its journey runs on the embedded demo's server.
    {
      name: "statements",
      testMatch: "statements.spec.ts",
      use: { baseURL: `http://127.0.0.1:${ports.demoApp}` },
    },
    // Signs in once as the local e2e user; the app's specs reuse the session cookie.
    { name: "setup", testMatch: "auth.setup.ts", use: { baseURL: `http://127.0.0.1:${ports.app}` } },
    { name: "sign-in", testMatch: "sign-in.spec.ts", use: { baseURL: `http://127.0.0.1:${ports.app}` } },
    {
      name: "oidc",
      testMatch: ["oidc.spec.ts", "oidc-access.spec.ts"],
      use: { baseURL: `http://127.0.0.1:${ports.oidcApp}` },
    },
    {
      name: "app",
      testIgnore: [
        "embedded-demo.spec.ts",
        "statements.spec.ts",
        "lifecycle.spec.ts",
        "faults.spec.ts",
        "directory-faults.spec.ts",
        "overview-faults.spec.ts",
        // They change the shared upstream's data (a payment between two reads): run with the fault tests.
        "outstanding-paid.spec.ts",
        "changes.spec.ts",
        "history.spec.ts",
        "sign-in.spec.ts",
        "oidc.spec.ts",
        "oidc-access.spec.ts",
        "auth.setup.ts",
        "bench/**",
        "security/**",
        "multi-instance/**",
        "phone/**",
      ],
      dependencies: ["setup"],
      use: { baseURL: `http://127.0.0.1:${ports.app}`, ...signedIn },
    },
    // The journeys away from a desk, on a phone's screen (390 × 844) with touch: a pasted fund link, an investor found
    // by search, who owes capital, what changed; each page fits the screen in light and dark, and axe finds nothing.
    {
      name: "phone",
      testMatch: "phone/*.spec.ts",
      dependencies: ["setup"],
      use: {
        ...devices["Pixel 7"],
        viewport: { width: 390, height: 844 },
        hasTouch: true,
        isMobile: true,
        baseURL: `http://127.0.0.1:${ports.app}`,
        ...signedIn,
      },
    },
    // Fault tests flip the shared upstream's switches, and the changes and history journeys change its data, so they
    // run after everything else that uses that upstream, one file at a time. Lifecycle has an upstream of its own and
    // runs beside it: Playwright starts a project once its dependencies are done, and it is made to wait for app and
    // phone only so that the second worker has its test while faults run one by one.
    {
      name: "faults",
      testMatch: [
        "faults.spec.ts",
        "directory-faults.spec.ts",
        "overview-faults.spec.ts",
        // The desktop journeys at the top of e2e/ only: phone/changes.spec.ts is the phone project's.
        /e2e\/changes\.spec\.ts$/,
        /e2e\/history\.spec\.ts$/,
        "outstanding-paid.spec.ts",
      ],
      dependencies: ["app", "phone", "sign-in", "oidc"],
      fullyParallel: false,
      workers: 1,
      use: { baseURL: `http://127.0.0.1:${ports.app}`, ...signedIn },
    },
    // A server of its own on an upstream of 3,000 funds, stopped and started again: its own servers, its own store.
    { name: "lifecycle", testMatch: "lifecycle.spec.ts", dependencies: ["app", "phone"] },
    // Security probes, against their own app and an upstream shaped like the spec's field reference: from the start,
    // beside app and phone (their 180 s of tests came last, with one worker idle for most of the final two minutes).
    {
      name: "security",
      testMatch: "security/*.spec.ts",
      testIgnore: "security/fair-use.spec.ts",
      use: { baseURL: `http://127.0.0.1:${ports.securityApp}` },
    },
    // Two instances, one Redis and a round-robin proxy, all started by the suite itself on free ports (it stops
    // and starts Redis mid-test).
    // From the start, like security: at the end its one serial file ran 70 s with the other worker idle.
    { name: "multi-instance", testMatch: "multi-instance/*.spec.ts" },
    // Measures one person's latency while another floods the server, so it runs alone, last.
    {
      name: "security-fair-use",
      testMatch: "security/fair-use.spec.ts",
      dependencies: ["faults", "lifecycle", "security", "multi-instance"],
      use: { baseURL: `http://127.0.0.1:${ports.securityApp}` },
    },
  ],
  webServer: servers(),
});
