// The production server: Next's request handler behind scripts/request-gate.mjs, with the client's address
// worked out once here from the socket and DASHBOARD_TRUSTED_PROXIES, HSTS on every answer over https, each request
// admitted in its person's turn (scripts/admission.mjs). It listens at once: /healthz answers from the first moment
// and /readyz says "warming" until Next is prepared, warmed up and its store open (scripts/lifecycle.mjs); on
// SIGTERM it stops taking connections, lets requests in flight finish and its store writes land, then exits.
// First: compiled code from the cache (Node 22+), and the embedded store's process started while the rest loads.
import "./compile-cache.mjs";
import "./early-store.mjs";
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import next from "next";
import { warmPassHeader } from "../lib/auth/warm-pass.mjs";
import {
  clientAddressHeader,
  requestIdHeader,
  securityHeaders,
  strictContentSecurityPolicy,
  strictTransportSecurity,
} from "../lib/http/security-headers.mjs";
import { requestEnded, requestStarted } from "../lib/server/foreground.mjs";
import { processEnv } from "../lib/server/process-env.mjs";
import { startTasksSettled } from "../lib/server/start-tasks.mjs";
import { Lifecycle } from "./lifecycle.mjs";
import { FairAdmission } from "./admission.mjs";
import { sendRefusal } from "./busy-response.mjs";
import { clientAddressOf, maxHeaderBytes, parserProblem, requestProblem } from "./request-gate.mjs";
import { personOf } from "./request-person.mjs";
import { warmStart } from "./warm-start.mjs";

const port = Number(process.env.PORT || 3000);
const hostname = process.env.DASHBOARD_HOST || "127.0.0.1";
const trustedHops = Number(process.env.DASHBOARD_TRUSTED_PROXIES || 0);
const https = (process.env.DASHBOARD_PUBLIC_URL ?? "").startsWith("https:");
const settings = processEnv();
const admission = new FairAdmission({
  slots: settings.REQUEST_SLOTS,
  // One person may fill half the slots: the other half is always there for everyone else.
  perPerson: Math.ceil(settings.REQUEST_SLOTS / 2),
  waitMs: settings.QUEUE_WAIT_MS,
  queuedPerPerson: 256,
});
// How long a start waits for its kept reads and its warm-up's writes before it listens anyway.
const startTaskLimitMs = 15_000;
// Served without a turn: cheap, and what a page needs to show at all (or what a load balancer asks).
const unqueued = /^\/(_next\/static\/|favicon\.ico|icon\.svg|healthz|readyz|screenshots\/)/;

const headers = {
  "Content-Type": "application/json",
  "Cache-Control": "private, no-store",
  ...Object.fromEntries(securityHeaders.map(({ key, value }) => [key, value])),
  // The server's own answers (refusals, /healthz, /readyz while warming) are JSON, never a page.
  "Content-Security-Policy": strictContentSecurityPolicy,
  ...(https ? { "Strict-Transport-Security": strictTransportSecurity } : {}),
};

function refusal(status, error) {
  const body = JSON.stringify({ error });
  return `HTTP/1.1 ${status} Refused\r\n${Object.entries({
    ...headers,
    "Content-Length": Buffer.byteLength(body),
    Connection: "close",
  })
    .map(([key, value]) => `${key}: ${value}`)
    .join("\r\n")}\r\n\r\n${body}`;
}

const lifecycle = new Lifecycle({ graceMs: settings.SHUTDOWN_GRACE_MS, headers });
const app = next({ dev: false, hostname, port });
let handle = null;

/** Readies the process after it listens: Next prepared, warmed up, its store open (or given up on). */
async function ready() {
  await app.prepare();
  handle = app.getRequestHandler();
  lifecycle.prepared();
  // Next loads every route's code after start-up without waiting (preloadEntriesOnStart); waited for here, so the
  // process says it is ready only once a first visit no longer shares the CPU with it.
  await (await app.server?.getServer?.())?.unstable_preloadEntries?.();
  // The store opens beside the warm-up; one that cannot open in time is waited for no longer (the views say so).
  if (settings.WARM_START === "1") {
    const warmed = await warmStart(handle);
    console.log(JSON.stringify({ time: new Date().toISOString(), event: "warm_start", ...warmed }));
  }
  const unsettled = await startTasksSettled(startTaskLimitMs);
  if (unsettled.length > 0)
    console.log(JSON.stringify({ time: new Date().toISOString(), event: "start_tasks_unsettled", tasks: unsettled }));
  lifecycle.ready();
  console.log(JSON.stringify({ time: new Date().toISOString(), event: "server_ready" }));
}

/** Runs the request in its person's turn, or answers 503/429 when it cannot start in time. */
async function admitted(req, res) {
  const person = await personOf(req.headers, req.headers[clientAddressHeader]);
  let release;
  try {
    release = await admission.enter(person);
  } catch (refusal) {
    if (typeof refusal?.status !== "number") throw refusal;
    sendRefusal(req, res, refusal);
    return;
  }
  // A download that has started runs to its end: the turn is given back only when the answer is done. Meanwhile the
  // process's background work waits its turn (lib/server/foreground.mjs).
  requestStarted();
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    requestEnded();
    release();
  };
  res.once("close", end);
  // Gone while it waited for its turn: its "close" has been and gone.
  if (req.socket.destroyed) return end();
  void lifecycle.handled(req, res, () => handle);
}
// Node's own header limit sits above ours, so an over-long address or header block reaches requestProblem.
const server = createServer({ maxHeaderSize: maxHeaderBytes * 4 }, (req, res) => {
  // Each request's own id, in its log lines and audit rows, and told to the client to quote.
  const requestId = randomUUID();
  req.headers[requestIdHeader] = requestId;
  res.setHeader("X-Request-Id", requestId);
  lifecycle.track(req, res);
  const problem = requestProblem(req);
  if (problem) {
    const body = JSON.stringify({ error: problem[1] });
    res.writeHead(problem[0], { ...headers, "Content-Length": Buffer.byteLength(body), Connection: "close" }).end(body);
    return;
  }
  req.headers[clientAddressHeader] = clientAddressOf(
    req.socket.remoteAddress,
    req.headers["x-forwarded-for"],
    trustedHops,
  );
  // Only the server's own warm-up may carry its pass.
  delete req.headers[warmPassHeader];
  if (https) res.setHeader("Strict-Transport-Security", strictTransportSecurity);
  // /healthz from the first moment, /readyz "warming" or "stopping" until and after Next's own answer.
  if (lifecycle.answered(req, res)) return;
  if (unqueued.test(req.url ?? "/")) void lifecycle.handled(req, res, () => handle);
  else void admitted(req, res);
});
// Longer than load balancers keep an idle connection open (60 s for most; Node's default is 5 s), so a balancer
// never sends a request down a connection the server is just closing, which it would answer with a 502.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
server.on("clientError", (error, socket) => {
  if (error.code === "ECONNRESET" || !socket.writable) return socket.destroy();
  const [status, message] = parserProblem(error);
  socket.end(refusal(status, message));
});
server.listen(port, hostname, () => {
  const { address } = server.address();
  // A JSON line like every other, naming the address it listens on.
  console.log(
    JSON.stringify({ time: new Date().toISOString(), event: "server_listening", url: `http://${address}:${port}` }),
  );
  ready().catch((error) => {
    console.error(error);
    process.exit(1);
  });
});

// Stop taking connections, let what runs finish and what is written land, then exit normally, so exit hooks (a
// --cpu-prof profile, for one) still run.
for (const signal of ["SIGTERM", "SIGINT"]) {
  process.once(signal, () => void lifecycle.stop(server, signal).finally(() => process.exit(0)));
}
