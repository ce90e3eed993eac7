import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { stopTask } from "../lib/server/stop-tasks.mjs";
import { Lifecycle } from "./lifecycle.mjs";

// A real server with the lifecycle in front of a handler the test controls: what a load balancer and a person see.

const headers = { "Content-Type": "application/json" };
let server: Server | null = null;

function serve(lifecycle: Lifecycle, handler: (res: import("node:http").ServerResponse) => void) {
  server = createServer((req, res) => {
    lifecycle.track(req, res);
    if (lifecycle.answered(req, res)) return;
    void lifecycle.handled(req, res, () => (_req, response) => handler(response));
  });
  return new Promise<string>((resolve) =>
    server!.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server!.address() as AddressInfo).port}`)),
  );
}

afterEach(() => {
  server?.closeAllConnections();
  server?.close();
  delete (globalThis as Record<symbol, unknown>)[Symbol.for("fund-explorer.stop-tasks")];
});

describe("a server's life", () => {
  it("is alive at once, warming until ready, and holds a request until it can be handled", async () => {
    const lifecycle = new Lifecycle({ graceMs: 1_000, headers });
    const base = await serve(lifecycle, (res) => res.end("page"));
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    const warming = await fetch(`${base}/readyz`);
    expect(warming.status).toBe(503);
    expect(await warming.json()).toMatchObject({ status: "warming" });
    const early = fetch(`${base}/funds`).then((response) => response.text());
    await new Promise((resolve) => setTimeout(resolve, 100));
    lifecycle.prepared();
    expect(await early).toBe("page");
    lifecycle.ready();
    // Ready: /readyz is the app's own (its checks), no longer the lifecycle's.
    expect(await (await fetch(`${base}/readyz`)).text()).toBe("page");
  });

  it("on a stop: not ready, requests in flight finish, pending writes land, and what could not finish is named", async () => {
    const lifecycle = new Lifecycle({ graceMs: 2_000, headers });
    let finish = () => {};
    const base = await serve(lifecycle, (res) => {
      finish = () => res.end("done");
    });
    lifecycle.prepared();
    lifecycle.ready();
    const inFlight = fetch(`${base}/slow`).then((response) => response.text());
    await new Promise((resolve) => setTimeout(resolve, 100));
    const written: string[] = [];
    stopTask("writes", async () => {
      await new Promise((resolve) => setTimeout(resolve, 200));
      written.push("landed");
    });
    stopTask("store", () => written.push("closed"), "close");
    stopTask("stuck", () => new Promise(() => {}));
    const stopping = lifecycle.stop(server!, "SIGTERM");
    const logged: string[] = [];
    const log = console.log;
    console.log = (text: string) => logged.push(text);
    try {
      setTimeout(() => finish(), 300);
      expect(await inFlight).toBe("done");
      await stopping;
    } finally {
      console.log = log;
    }
    expect(written).toEqual(["landed"]);
    expect(logged.join("\n")).toMatch(/"event":"server_stop_unfinished".*"tasks":\["store","stuck"\]/);
    // No new connection is taken.
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
  });
});
