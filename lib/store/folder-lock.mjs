// One process at a time opens a PGlite folder: a lock file beside it names the holder's pid. A lock whose pid is
// gone (a crash) is taken over; a live one refuses with a message saying what to do instead.
import { readFileSync, rmSync, writeFileSync } from "node:fs";

export const lockPathOf = (dir) => `${dir.replace(/[\\/]+$/, "")}.lock`;

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the pid exists but belongs to another user.
    return error.code === "EPERM";
  }
}

export function folderInUseMessage(dir, pid) {
  return `the store folder ${dir} is open in another process (pid ${pid}). Several instances need DATABASE_URL (a PostgreSQL server they share)`;
}

/** Takes the lock for `dir` for this process, or throws naming the folder; returns the release function. */
export function lockFolder(dir) {
  const path = lockPathOf(dir);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      writeFileSync(path, String(process.pid), { flag: "wx" });
      return () => {
        if (readFileSync(path, "utf8").trim() === String(process.pid)) rmSync(path, { force: true });
      };
    } catch (error) {
      if (error.code !== "EEXIST") throw error;
    }
    const holder = Number.parseInt(readFileSync(path, "utf8"), 10);
    if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && alive(holder)) {
      throw new Error(folderInUseMessage(dir, holder));
    }
    rmSync(path, { force: true });
  }
  throw new Error(`could not take the lock ${path}`);
}
