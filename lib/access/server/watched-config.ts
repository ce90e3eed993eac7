import "server-only";
import { createHash } from "node:crypto";
import { logLine } from "../../server/log";
import { processWide } from "../../server/process-wide";
import { watchedFile } from "../../server/watched-file";
import { auditAccess } from "./audit-row";
import { countOf } from "../../values/count";

/** A file that grants access (the users file, the access rules): which variable names it, and how to read it. */
export interface ConfigFile<T> {
  variable: "DASHBOARD_USERS_FILE" | "ACCESS_RULES_FILE";
  /** The log event of a file that does not read, e.g. "users_file_unreadable". */
  unreadableEvent: string;
  read: (path: string) => T;
  /** What an unreadable file grants: nothing. */
  empty: T;
  entries: (value: T) => readonly unknown[];
}

/**
 * The reader of a watched config file: an edited file that does not read grants nothing until it is fixed (logged),
 * and each re-read that differs from the last writes a `rules_change` audit row (the file and its size, never its
 * contents). The first read of a process is not a change.
 */
export function configReader<T>(config: ConfigFile<T>): (path: string) => T {
  let last: string | undefined;
  return (path) => {
    let value: T;
    let unreadable = false;
    try {
      value = config.read(path);
    } catch (error) {
      logLine(config.unreadableEvent, { reason: (error as Error).message.slice(0, 200) });
      value = config.empty;
      unreadable = true;
    }
    const entries = config.entries(value);
    const digest = unreadable ? "unreadable" : createHash("sha256").update(JSON.stringify(entries)).digest("hex");
    if (last !== undefined && digest !== last) {
      const count = countOf(entries.length, "entry", "entries");
      const state = unreadable ? "unreadable: grants nothing until fixed" : count;
      const detail = `${config.variable} re-read: ${state}`;
      auditAccess({ actor: "system", method: "system", action: "rules_change", outcome: "done", detail });
    }
    last = digest;
    return value;
  };
}

/** The file's value now: read again whenever it changes, one reader per process (every bundle sees the same). */
export function watchedConfig<T>(file: string, config: ConfigFile<T>): T {
  return processWide(`${config.variable}:${file}`, () => watchedFile(file, configReader(config)))();
}
