// Preloaded into the app server by the bench only (`node --import`): the bare pass-through, on BENCH_BARE_PORT,
// in the app's own process. Production never loads this file. A process the server forks (the embedded store's)
// inherits the preload: only the server itself listens.
import { basename } from "node:path";
import { startBarePassThrough } from "./bare-pass-through.mjs";

const port = Number(process.env.BENCH_BARE_PORT);
if (port && basename(process.argv[1] ?? "") === "server.mjs")
  await startBarePassThrough(process.env.CUSTOMER_API_BASE_URL, process.env.CUSTOMER_API_TOKEN, port);
