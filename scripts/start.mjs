// `npm start`: builds when the build is missing or older than the sources, then serves it.
// On demo data or behind an authenticating proxy it listens on loopback only, unless DASHBOARD_HOST says otherwise.
import { spawnSync } from "node:child_process";
import nextEnv from "@next/env";
import { buildIsStale } from "./build-freshness.mjs";
import { serverNodeFlags } from "./server-flags.mjs";

nextEnv.loadEnvConfig(process.cwd());

if (buildIsStale(process.cwd())) {
  console.log("Building Fund Explorer (next build)…");
  const build = spawnSync("npx", ["next", "build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const demo = !process.env.CUSTOMER_API_BASE_URL;
// Open demo data, and a dashboard that trusts an authenticating proxy in front of it, listen on loopback only.
const loopbackOnly = demo || process.env.DASHBOARD_AUTH === "none";
const host = process.env.DASHBOARD_HOST || (loopbackOnly ? "127.0.0.1" : "0.0.0.0");
const port = process.env.PORT || "3000";
if (demo) console.log(`No CUSTOMER_API_BASE_URL: serving built-in demo data at http://localhost:${port}/funds`);
const server = spawnSync("node", [...serverNodeFlags, "scripts/server.mjs"], {
  stdio: "inherit",
  env: { ...process.env, DASHBOARD_HOST: host, PORT: port },
});
process.exit(server.status ?? 1);
