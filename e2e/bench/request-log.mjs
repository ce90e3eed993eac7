// The app server's own time for a request: the `durationMs` of its `request` log line (lib/auth/api-route.ts), found
// by the X-Request-Id the server answered with. Read from the server's log file as it grows, never whole again.
import { closeSync, openSync, readSync } from "node:fs";
import { join } from "node:path";
import { round, sleep, timedGet } from "./measure.mjs";
import { logDir } from "./servers.mjs";

/** A reader of the log of the server named `name` (logs/<name>.log): each request's durationMs by its request id. */
export function requestLog(name) {
  const file = join(logDir, `${name}.log`);
  const durations = new Map();
  let offset = 0;
  let partial = "";
  const readNew = () => {
    const fd = openSync(file, "r");
    try {
      const buffer = Buffer.alloc(1 << 20);
      for (let read; (read = readSync(fd, buffer, 0, buffer.length, offset)) > 0; offset += read) {
        const lines = (partial + buffer.toString("utf8", 0, read)).split("\n");
        partial = lines.pop();
        for (const line of lines) {
          if (!line.includes('"event":"request"')) continue;
          try {
            const entry = JSON.parse(line);
            if (entry.requestId) durations.set(entry.requestId, entry.durationMs);
          } catch {
            // Not a JSON line.
          }
        }
      }
    } finally {
      closeSync(fd);
    }
  };
  return {
    /** The request's durationMs, once its line is written (pino writes it after the answer): null after `waitMs`. */
    async durationOf(requestId, waitMs = 3_000) {
      for (let waited = 0; requestId; waited += 20) {
        readNew();
        if (durations.has(requestId)) return durations.get(requestId);
        if (waited >= waitMs) break;
        await sleep(20);
      }
      return null;
    },
  };
}

/**
 * GET a JSON route of the app on loopback (keep-alive, identity encoding): wall ms (request start → last byte), the
 * server's own ms from its request line, the status and the parsed body.
 */
export async function serverTimed(log, url) {
  const res = await timedGet(url, {
    headers: { accept: "application/json", "accept-encoding": "identity" },
    keepBody: true,
  });
  const serverMs = await log.durationOf(res.headers["x-request-id"]);
  const text = res.body.toString("utf8");
  let body = null;
  try {
    body = JSON.parse(text);
  } catch {
    // Reported through the status.
  }
  return { status: res.status, wallMs: round(res.ms), serverMs, body, text };
}
