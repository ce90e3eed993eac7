// A server process's life as load balancers and orchestrators see it: alive (/healthz) from the first moment,
// ready (/readyz) once prepared and warm, and on a stop: not ready, no new connections, requests in flight finished
// and store writes landed (lib/server/stop-tasks.mjs) within the grace, then exit.
import { haltTasksNow, stopTasksSettled } from "../lib/server/stop-tasks.mjs";

const line = (event, fields = {}) => console.log(JSON.stringify({ time: new Date().toISOString(), event, ...fields }));

export class Lifecycle {
  /** @param {{ graceMs: number, headers: Record<string, string> }} options */
  constructor({ graceMs, headers }) {
    this.graceMs = graceMs;
    this.headers = headers;
    /** @type {"starting" | "prepared" | "ready" | "stopping"} */
    this.state = "starting";
    this.inFlight = new Set();
    this.preparedAt = new Promise((resolve) => (this.markPrepared = resolve));
  }

  prepared() {
    if (this.state === "starting") this.state = "prepared";
    this.markPrepared();
  }

  ready() {
    if (this.state !== "stopping") this.state = "ready";
  }

  json(res, status, body, extra = {}) {
    const text = JSON.stringify(body);
    res.writeHead(status, { ...this.headers, "Content-Length": Buffer.byteLength(text), ...extra }).end(text);
  }

  /** Answers /healthz always, and /readyz until the process is ready or once it stops; false for the rest. */
  answered(req, res) {
    const path = (req.url ?? "/").split("?")[0];
    if (path === "/healthz") {
      this.json(res, 200, { status: "ok" });
      return true;
    }
    if (path !== "/readyz" || this.state === "ready") return false;
    const stopping = this.state === "stopping";
    const error = stopping
      ? "This instance is stopping: send requests to another."
      : "This instance is starting: its kept reads are loading.";
    this.json(res, 503, { status: stopping ? "stopping" : "warming", error }, { "Retry-After": "5" });
    return true;
  }

  /** Counts the request as in flight until its answer is done; one arriving while stopping closes its connection. */
  track(req, res) {
    this.inFlight.add(res);
    res.once("close", () => this.inFlight.delete(res));
    if (this.state === "stopping") res.setHeader("Connection", "close");
  }

  /** Hands the request to Next once it is prepared (a request in the first seconds waits for that, not fails). */
  async handled(req, res, handle) {
    if (this.state === "starting") await this.preparedAt;
    return handle()(req, res);
  }

  async settled(deadline) {
    while (this.inFlight.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  }

  /** The stop: not ready, no new connections, in-flight requests then pending writes within the grace. */
  async stop(server, signal) {
    const deadline = Date.now() + this.graceMs;
    this.state = "stopping";
    line("server_stopping", { signal, inFlight: this.inFlight.size, graceMs: this.graceMs });
    // The organization's reads start nothing more: what they would read, the next start reads.
    haltTasksNow();
    server.close();
    server.closeIdleConnections();
    await this.settled(deadline);
    const requests = this.inFlight.size;
    const tasks = await stopTasksSettled(Math.max(0, deadline - Date.now()));
    // What could not finish in time is said, so an operator knows what the next start will read again.
    if (requests > 0 || tasks.length > 0) line("server_stop_unfinished", { requests, tasks });
    line("server_stopped", { ms: this.graceMs - Math.max(0, deadline - Date.now()) });
    server.closeAllConnections();
  }
}
