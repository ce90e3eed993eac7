import "server-only";
import { statSync } from "node:fs";

/**
 * A value read from a file and read again only when the file changes (checked by stat on each call, a few
 * microseconds): edits to the users file take effect on the next request without a restart.
 */
export function watchedFile<T>(path: string, read: (path: string) => T): () => T {
  let stamp: string | undefined;
  let value: T;
  return () => {
    let current: string;
    try {
      const stat = statSync(path);
      current = `${stat.ino}:${stat.size}:${stat.mtimeMs}`;
    } catch {
      current = "missing";
    }
    if (current !== stamp) {
      value = read(path);
      stamp = current;
    }
    return value;
  };
}
