import "server-only";
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { dirname, join, resolve } from "node:path";
import { serverEnv } from "./env";
import { logLine } from "./log";
import { processWide } from "./process-wide";

// The deployment's key for keyed hashes that must mean the same after a restart and on every instance (investors'
// tax hashes, sources' fingerprints): DIRECTORY_MATCH_SECRET, else a key drawn once into a file beside PGlite's folder.

/** Where the embedded store's key is kept: beside its data folder, never in the database (it would unlock the hashes). */
export function deploymentSecretFile(): string {
  return join(dirname(resolve(serverEnv().DATABASE_DIR)), "match-secret");
}

/** The embedded store's key: drawn once into a file only its owner may read, then read back on every start. */
function fileSecret(): Buffer {
  const file = deploymentSecretFile();
  try {
    return Buffer.from(readFileSync(file, "utf8").trim(), "base64url");
  } catch {
    mkdirSync(dirname(file), { recursive: true });
    const drawn = randomBytes(32);
    writeFileSync(file, `${drawn.toString("base64url")}\n`, { mode: 0o600, flag: "wx" });
    chmodSync(file, 0o600);
    logLine("directory_match_secret_generated", { file });
    return drawn;
  }
}

/** The key itself: configured (required with DATABASE_URL, checked at start), else the embedded store's key file. */
export function deploymentSecret(): Buffer {
  return processWide("directory-match-secret", () => {
    const configured = serverEnv().DIRECTORY_MATCH_SECRET;
    return configured ? Buffer.from(configured) : fileSecret();
  });
}
