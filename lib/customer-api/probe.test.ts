import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

const upstream = vi.hoisted(() => ({ baseUrl: "" }));
vi.mock("./upstream", () => ({ getUpstream: async () => ({ baseUrl: upstream.baseUrl, token: "probe-token" }) }));
const { probeFunds } = await import("./probe");

// A stand-in upstream whose answer each test chooses; it counts requests and the bytes it managed to send.
let answer: (res: ServerResponse) => void = (res) => res.end("[]");
let requests = 0;
let server: Server;
beforeAll(async () => {
  server = createServer((req, res) => {
    requests += 1;
    answer(res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  upstream.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => server.close());

describe("probeFunds", () => {
  it("passes on a 200 after its first bytes, without reading a large fund list to the end", async () => {
    let written = 0;
    answer = (res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.write("[");
      const more = () => {
        // Stops once the reader lets go; a reader of the whole list would take all 200 MB.
        while (written < 200 * 1_048_576 && res.write(`${JSON.stringify({ id: "x".repeat(1000) })},`)) written += 1010;
        if (written < 200 * 1_048_576 && !res.destroyed) res.once("drain", more);
      };
      more();
    };
    await expect(probeFunds("default", 2_000)).resolves.toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(written).toBeLessThan(20 * 1_048_576);
  });

  it("fails within its timeout on an upstream that never answers, with one attempt", async () => {
    requests = 0;
    answer = () => undefined;
    const started = Date.now();
    await expect(probeFunds("default", 300)).rejects.toMatchObject({ kind: "timeout" });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(requests).toBe(1);
  });

  it("names a rejected token and an upstream error, and never retries a 503", async () => {
    answer = (res) => res.writeHead(401).end('{"error":"Bad token"}');
    await expect(probeFunds("default", 1_000)).rejects.toMatchObject({ kind: "token_rejected" });
    requests = 0;
    answer = (res) => res.writeHead(503).end();
    await expect(probeFunds("default", 1_000)).rejects.toMatchObject({ kind: "upstream_failure", upstreamStatus: 503 });
    expect(requests).toBe(1);
  });
});
