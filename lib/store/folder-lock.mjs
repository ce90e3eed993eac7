// One process at a time opens a PGlite folder: a lock file beside it names the holder's pid. A lock whose pid is
// gone (a crash) is taken over; a live one is waited for a while (the previous process of a restart still closing
// the folder), then refused with a message saying what to do instead.
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";

export const lockPathOf = (dir) => `${dir.replace(/[\\/]+$/, "")}.lock`;

/** How long a start waits for a folder's holder to let it go (a restart's previous process closing it). */
export const defaultLockWaitMs = 15_000;

function alive(pid) {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: the pid exists but belongs to another user.
    return error.code === "EPERM";
  }
  // A killed holder whose parent has not collected it yet (a zombie) holds nothing any more.
  try {
    const state = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ").at(-1)?.[0];
    return state !== "Z" && state !== "X";
  } catch {
    return true;
  }
}

export function folderInUseMessage(dir, pid) {
  return `the store folder ${dir} is open in another process (pid ${pid}). Several instances need DATABASE_URL (a PostgreSQL server they share)`;
}

/**
 * Takes the lock for `dir` for this process, waiting up to `waitMs` for a live holder to let it go, or throws naming
 * the folder; returns the release function.
 */
export async function lockFolder(dir, waitMs = defaultLockWaitMs) {
  const path = lockPathOf(dir);
  const until = Date.now() + waitMs;
  for (let attempt = 0; ; attempt += 1) {
    try {
      writeFileSync(path, String(process.pid), { flag: "wx" });
      return () => {
        if (readFileSync(path, "utf8").trim() === String(process.pid)) rmSync(path, { force: true });
      };
    } catch (error) {
      if (error.code !== "EEXIST") throw error;
    }
    let holder = null;
    try {
      holder = Number.parseInt(readFileSync(path, "utf8"), 10);
    } catch (error) {
      // Let go between our two looks: try again.
      if (error.code === "ENOENT") continue;
      throw error;
    }
    const held = Number.isInteger(holder) && holder > 0 && holder !== process.pid && alive(holder);
    if (!held) rmSync(path, { force: true });
    else if (Date.now() >= until) throw new Error(folderInUseMessage(dir, holder));
    else await sleep(100);
    if (attempt > waitMs / 100 + 10) throw new Error(`could not take the lock ${path}`);
  }
}
