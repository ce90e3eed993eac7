// Preloaded into the app server by the bench only (`node --import`): the bare pass-through, on BENCH_BARE_PORT,
// in the app's own process. Production never loads this file.
import { startBarePassThrough } from "./bare-pass-through.mjs";

const port = Number(process.env.BENCH_BARE_PORT);
if (port) await startBarePassThrough(process.env.CUSTOMER_API_BASE_URL, process.env.CUSTOMER_API_TOKEN, port);
