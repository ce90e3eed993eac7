import { randomBytes } from "node:crypto";
import { defineConfig, devices } from "@playwright/test";

// Workers inherit the main process's environment, so the token is drawn once per run.
process.env.E2E_UPSTREAM_TOKEN ??= `e2e.${randomBytes(18).toString("base64url")}.${randomBytes(12).toString("hex")}`;
const token = process.env.E2E_UPSTREAM_TOKEN;

export const ports = { demoApp: 3100, app: 3101, upstream: 4011 };
const logs = ".e2e";

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
    trace: "retain-on-failure",
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
    { name: "embedded-demo", testMatch: "embedded-demo.spec.ts", use: { baseURL: `http://127.0.0.1:${ports.demoApp}` } },
    {
      name: "app",
      testIgnore: ["embedded-demo.spec.ts", "faults.spec.ts", "bench/**"],
      use: { baseURL: `http://127.0.0.1:${ports.app}` },
    },
    // Fault tests flip the shared upstream's switches, so they run alone, after the rest.
    {
      name: "faults",
      testMatch: "faults.spec.ts",
      dependencies: ["app"],
      fullyParallel: false,
      use: { baseURL: `http://127.0.0.1:${ports.app}` },
    },
  ],
  webServer: [
    {
      command: `mkdir -p ${logs} && exec npx tsx lib/demo-api/cli.ts --port ${ports.upstream} --admin --token "$E2E_UPSTREAM_TOKEN" > ${logs}/upstream.log 2>&1`,
      cwd: "..",
      url: `http://127.0.0.1:${ports.upstream}/__demo/control`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: `mkdir -p ${logs} && exec npx next start -H 127.0.0.1 -p ${ports.app} > ${logs}/app.log 2>&1`,
      cwd: "..",
      url: `http://127.0.0.1:${ports.app}/api/funds`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        CUSTOMER_API_BASE_URL: `http://127.0.0.1:${ports.upstream}`,
        CUSTOMER_API_TOKEN: token,
        CUSTOMER_API_TIMEOUT_MS: "2000",
        CUSTOMER_API_DEADLINE_MS: "4000",
      },
    },
    {
      command: `mkdir -p ${logs} && exec npx next start -H 127.0.0.1 -p ${ports.demoApp} > ${logs}/demo-app.log 2>&1`,
      cwd: "..",
      url: `http://127.0.0.1:${ports.demoApp}/api/funds`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: { CUSTOMER_API_BASE_URL: "", CUSTOMER_API_TOKEN: "" },
    },
  ],
});
