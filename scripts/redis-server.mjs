// Debian's redis-server for the tests: installed when missing (as root, like Chromium), started on a free loopback
// port with no persistence, stopped by whoever started it. `node scripts/redis-server.mjs` only makes sure it is there.
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./free-port.mjs";

export const REDIS_SERVER = process.env.REDIS_SERVER_PATH ?? "/usr/bin/redis-server";
export const missingRedisMessage = `redis-server is missing at ${REDIS_SERVER}. Install Debian's package: sudo apt-get update && sudo apt-get install -y redis-server`;

export function ensureRedisServer() {
  if (existsSync(REDIS_SERVER)) return true;
  if (process.getuid?.() !== 0) {
    console.error(missingRedisMessage);
    return false;
  }
  console.log("Installing Debian's redis-server (apt-get install -y redis-server)…");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
  execFileSync("apt-get", ["install", "-y", "-qq", "--no-install-recommends", "redis-server"], {
    stdio: "inherit",
    env,
  });
  return existsSync(REDIS_SERVER);
}

/** Starts redis-server on 127.0.0.1 (on `port`, else a free one), saving nothing; resolves once it takes commands. */
export async function startRedis(port) {
  if (!existsSync(REDIS_SERVER)) throw new Error(missingRedisMessage);
  port ??= await freePort();
  const dir = mkdtempSync(join(tmpdir(), "fe-redis-"));
  const args = ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir];
  const child = spawn(REDIS_SERVER, args, { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const exited = new Promise((resolve) => child.once("exit", resolve));
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`redis-server did not start:\n${output}`)), 10_000);
    const read = (chunk) => {
      output += chunk.toString();
      if (!output.includes("Ready to accept connections")) return;
      clearTimeout(timer);
      resolve();
    };
    child.stdout.on("data", read);
    child.stderr.on("data", read);
    child.once("exit", () => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited:\n${output}`));
    });
  });
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    pid: child.pid,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit(ensureRedisServer() ? 0 : 1);
