import type { IncomingMessage, ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import { sendRefusal } from "./busy-response.mjs";

/** A raw request and a response that records what was written. */
function exchange(url: string, headers: Record<string, string>) {
  const sent: { status: number; headers: Record<string, string>; body: string } = { status: 0, headers: {}, body: "" };
  const res = {
    writeHead(status: number, head: Record<string, string>) {
      Object.assign(sent, { status, headers: head });
      return res;
    },
    end(body: string) {
      sent.body = body;
    },
  };
  const req = { method: "GET", url, headers } as unknown as IncomingMessage;
  return { req, res: res as unknown as ServerResponse, sent };
}

const busy = { status: 503, message: "The dashboard is busy. Retrying shortly…", retryAfterSeconds: 1 };

describe("sendRefusal", () => {
  it("answers the API (and the client's fetches) 503 JSON with Retry-After, never cached", () => {
    const { req, res, sent } = exchange("/api/funds", { accept: "application/json" });
    sendRefusal(req, res, busy);
    expect(sent.status).toBe(503);
    expect(sent.headers).toMatchObject({ "Retry-After": "1", "Content-Type": "application/json" });
    expect(sent.headers["Cache-Control"]).toContain("no-store");
    expect(sent.headers["Content-Security-Policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(JSON.parse(sent.body)).toEqual({ error: busy.message });
  });

  it("answers a page visit with a page that says so and reloads itself once, then waits for the person", () => {
    const first = exchange("/funds/f1", { accept: "text/html,application/xhtml+xml" });
    sendRefusal(first.req, first.res, busy);
    expect(first.sent.headers["Content-Type"]).toContain("text/html");
    expect(first.sent.body).toContain("Busy, retrying…");
    expect(first.sent.body).toContain('<meta http-equiv="refresh" content="1">');
    expect(first.sent.headers["Set-Cookie"]).toContain("fe_busy_retried=1");
    expect(first.sent.headers["Content-Security-Policy"]).toContain("style-src 'unsafe-inline'");

    const again = exchange("/funds/f1", { accept: "text/html", cookie: "fe_busy_retried=1" });
    sendRefusal(again.req, again.res, busy);
    expect(again.sent.body).toContain("Still busy");
    expect(again.sent.body).not.toContain("http-equiv");
  });

  it("a client-side navigation (RSC) and a 429 get JSON", () => {
    const rsc = exchange("/funds/f1?_rsc=x", { accept: "*/*", rsc: "1" });
    sendRefusal(rsc.req, rsc.res, busy);
    expect(rsc.sent.headers["Content-Type"]).toBe("application/json");
    const queue = exchange("/funds/f1", { accept: "text/html" });
    sendRefusal(queue.req, queue.res, { status: 429, message: "Too many", retryAfterSeconds: 1 });
    expect(queue.sent).toMatchObject({
      status: 429,
      headers: { "Content-Type": "application/json", "Retry-After": "1" },
    });
  });
});
