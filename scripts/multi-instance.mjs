// Several production instances as the README's "Running several instances" deploys them, on this machine: the
// standalone demo API, one Redis, one PostgreSQL (the store they share), N servers (scripts/server.mjs) sharing the session secret, each trusting one
// proxy hop, and the round-robin proxy in front. Used by the multi-instance e2e suite and `npm run load`.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { appendFileSync, mkdirSync, openSync } from "node:fs";
import { join } from "node:path";
import { freePort } from "./free-port.mjs";
import { startPostgres } from "./postgres-server.mjs";
import { startRedis } from "./redis-server.mjs";
import { startRoundRobinProxy } from "./round-robin-proxy.mjs";
import { serverNodeFlags } from "./server-flags.mjs";

async function waitFor(url, init, what, child) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child?.exitCode != null) throw new Error(`${what} exited with ${child.exitCode}`);
    const ok = await fetch(url, { ...init, signal: AbortSignal.timeout(5_000) })
      .then((response) => (response.body?.cancel(), response.ok))
      .catch(() => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what} did not come up at ${url}`);
}

function launch(command, args, env, logFile) {
  const out = openSync(logFile, "w");
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ["ignore", out, out] });
  // A process that dies mid-run says how in its own log.
  child.once("exit", (code, signal) => appendFileSync(logFile, `\n[exited: code ${code}, signal ${signal}]\n`));
  return child;
}

function stopped(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  return exited;
}

/**
 * Starts the whole stack on free loopback ports and resolves once every part answers. `demoArgs` shape the demo
 * data; `env` is added to every instance's environment. Logs go to `logDir`.
 */
export async function startMultiInstance({ instances = 2, demoArgs = [], env = {}, logDir = ".e2e/multi-instance" }) {
  mkdirSync(logDir, { recursive: true });
  const token = `multi.${randomBytes(18).toString("base64url")}`;
  const upstreamPort = await freePort();
  const upstreamUrl = `http://127.0.0.1:${upstreamPort}`;
  const children = [];
  // Whatever happens to the caller, nothing it started outlives it.
  process.once("exit", () => children.forEach((child) => child.exitCode === null && child.kill("SIGKILL")));
  // tsx as a loader of this very process, so stopping it stops the demo API (npx would leave a grandchild).
  const upstream = launch(
    process.execPath,
    ["--import", "tsx", "lib/demo-api/cli.ts", "--port", String(upstreamPort), "--token", token, ...demoArgs],
    {},
    join(logDir, "upstream.log"),
  );
  children.push(upstream);
  let redis = await startRedis();
  // Several instances keep their reads in one PostgreSQL (a PGlite folder belongs to one process).
  const postgres = await startPostgres();
  const sharedEnv = {
    DATABASE_URL: postgres.url,
    DIRECTORY_MATCH_SECRET: randomBytes(32).toString("base64url"),
    CUSTOMER_API_BASE_URL: upstreamUrl,
    CUSTOMER_API_TOKEN: token,
    DASHBOARD_USERS_FILE: "e2e/support/users.json",
    DASHBOARD_SESSION_SECRET: randomBytes(32).toString("base64url"),
    DASHBOARD_TRUSTED_PROXIES: "1",
    REDIS_URL: redis.url,
    REDIS_KEY_PREFIX: `fe-${randomBytes(4).toString("hex")}:`,
    DASHBOARD_AUTH: "",
    DASHBOARD_HOST: "",
    DASHBOARD_PUBLIC_URL: "",
    OIDC_ISSUER: "",
    ...env,
  };
  await waitFor(
    `${upstreamUrl}/customerapi/funds`,
    { headers: { Authorization: `Bearer ${token}` } },
    "demo API",
    upstream,
  );
  const apps = [];
  // One after another, as a rolling deploy starts them: an instance's warm-up then finds what the one before kept
  // (started at once, both warm-ups read the same fund before either had kept it, on a loaded machine).
  for (let i = 0; i < instances; i++) {
    const port = await freePort();
    const child = launch(
      "node",
      [...serverNodeFlags, "scripts/server.mjs"],
      { ...sharedEnv, PORT: String(port), DASHBOARD_REVOKED_USERS_FILE: join(logDir, `revoked-${i}.json`) },
      join(logDir, `app-${i}.log`),
    );
    children.push(child);
    apps.push({ url: `http://127.0.0.1:${port}`, pid: child.pid, child });
    await waitFor(`http://127.0.0.1:${port}/readyz`, {}, `instance ${i}`, child);
  }
  const proxy = await startRoundRobinProxy(apps.map((app) => app.url));
  return {
    proxyUrl: proxy.url,
    upstreamUrl,
    token,
    apps: apps.map(({ url, pid }) => ({ url, pid })),
    databaseUrl: postgres.url,
    redisPid: () => redis.pid,
    /** Stops Redis (the instances keep running). */
    stopRedis: () => redis.stop(),
    /** Starts Redis again on the same port, empty, as after a restart without persistence. */
    startRedis: async () => {
      redis = await startRedis(redis.port);
    },
    async stop() {
      await proxy.close();
      await Promise.all(children.map(stopped));
      await redis.stop();
      await postgres.stop();
    },
  };
}
