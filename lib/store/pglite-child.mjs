// The embedded store's process: PGlite runs Postgres on its caller's thread (a 100,000-row insert took 6.2 s and
// stalled the event loop 433 ms at a stretch), so it runs here and the server reaches it over the Postgres protocol, like a real one.
// Started by lib/store/pglite-host.mjs with an IPC channel; it exits when that channel closes (parent gone).
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { lockFolder } from "./folder-lock.mjs";

const dir = process.argv[2];
// How long to wait for a previous holder of the folder (lib/store/folder-lock.mjs), as the host passes it.
const lockWaitMs = process.argv[3] === undefined ? undefined : Number(process.argv[3]);
let release = () => undefined;
let db;
let server;

async function stop(code) {
  await server?.stop().catch(() => undefined);
  await db?.close().catch(() => undefined);
  release();
  process.exit(code);
}

// Before anything is awaited: a parent gone while this process waits for the folder's lock (or opens it) ends it
// too, rather than leaving it to take the folder from the next start.
process.on("disconnect", () => void stop(0));

try {
  mkdirSync(dirname(dir), { recursive: true });
  release = await lockFolder(dir, lockWaitMs);
  // Postgres's own page cache lives in the WASM memory, which never shrinks: 16 MB of it, not the default 128 MB; the
  // pages beyond are in the OS's file cache.
  // The write-ahead log kept between checkpoints: at most 64 MB, not 1 GB (it was 300 of a 480 MB folder at 100,000
  // positions); a checkpoint here writes at most the 16 MB cache. Full-page images guard against a torn page when the
  // OS crashes, which PGlite's fsync=off (-F, its default) does not survive either: left out, the log is smaller.
  // pg_trgm: the directory's search index (migration 0008).
  db = await PGlite.create(dir, {
    extensions: { pg_trgm },
    startParams: [
      ...PGlite.defaultStartParams,
      ...["-c", "shared_buffers=16MB", "-c", "max_wal_size=64MB", "-c", "min_wal_size=32MB"],
      ...["-c", "full_page_writes=off"],
    ],
  });
  // The server keeps one connection (a Pool of one); a spare slot lets a reconnect in while a dead one closes.
  server = new PGLiteSocketServer({ db, host: "127.0.0.1", port: 0, maxConnections: 2 });
  await server.start();
  const port = Number(server.getServerConn().split(":").pop());
  process.send?.({ type: "ready", port });
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  // The reason reaches the parent before this process ends.
  if (process.send) process.send({ type: "failed", message }, () => void stop(1));
  else await stop(1);
}

// A signal to the whole process group (Ctrl-C in a terminal, a supervisor stopping the group) reaches this process
// as it reaches the server: the server stops it once its pending writes have landed (the IPC channel closing), so
// the signal itself is not a reason to close the store under them.
process.on("SIGTERM", () => undefined);
process.on("SIGINT", () => undefined);
