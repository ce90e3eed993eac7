// Debian's PostgreSQL for the store's tests: installed when missing (as root, like redis-server), a throwaway cluster
// made with initdb in a temp folder (trust auth, loopback only, no fsync), started with pg_ctl on a free port and
// removed when stopped. Run as the postgres user when we are root (PostgreSQL refuses root). `node
// scripts/postgres-server.mjs` only makes sure it is there.
import { execFile, execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { freePort } from "./free-port.mjs";

const run = promisify(execFile);
const root = process.getuid?.() === 0;

/** The newest installed PostgreSQL's bin folder (POSTGRES_BIN overrides), or null. */
export function postgresBin() {
  if (process.env.POSTGRES_BIN) return process.env.POSTGRES_BIN;
  const base = "/usr/lib/postgresql";
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((version) => existsSync(join(base, version, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(base, versions[0], "bin") : null;
}

export const missingPostgresMessage =
  "PostgreSQL is missing (no /usr/lib/postgresql/*/bin/initdb). Install Debian's package: sudo apt-get update && sudo apt-get install -y postgresql";

export function ensurePostgresServer() {
  if (postgresBin()) return true;
  if (!root) {
    console.error(missingPostgresMessage);
    return false;
  }
  console.log("Installing Debian's postgresql (apt-get install -y postgresql)…");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
  execFileSync("apt-get", ["install", "-y", "-qq", "--no-install-recommends", "postgresql"], { stdio: "inherit", env });
  return postgresBin() !== null;
}

// As root, every server command runs as the postgres user, in a folder it owns.
const asServer = (command, args) => (root ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args]);

/** Starts a throwaway PostgreSQL on 127.0.0.1; resolves once it takes connections. */
export async function startPostgres(port) {
  const bin = postgresBin();
  if (!bin) throw new Error(missingPostgresMessage);
  port ??= await freePort();
  const dir = mkdtempSync(join(tmpdir(), "fe-postgres-"));
  if (root) {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }));
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }));
    chownSync(dir, uid, gid);
  }
  const data = join(dir, "data");
  const server = async (command, args) => {
    const [file, rest] = asServer(join(bin, command), args);
    return run(file, rest, { cwd: dir });
  };
  await server("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync", "-N"]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  await server("pg_ctl", ["start", "-D", data, "-w", "-t", "30", "-l", join(dir, "log"), "-o", options]);
  return {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      await server("pg_ctl", ["stop", "-D", data, "-m", "fast", "-w"]).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A plain-SQL pg_dump of the database at `url` (for tests that look for what must never be kept). */
export async function dumpDatabase(url) {
  const bin = postgresBin();
  if (!bin) throw new Error(missingPostgresMessage);
  const { stdout } = await run(join(bin, "pg_dump"), ["--no-owner", "--dbname", url], { maxBuffer: 1024 ** 3 });
  return stdout;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit(ensurePostgresServer() ? 0 : 1);
