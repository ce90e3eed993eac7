import { describe, expect, it } from "vitest";
import { clientAddressOf, parserProblem, rawTargetProblem, requestProblem } from "./request-gate.mjs";

describe("rawTargetProblem", () => {
  it("lets ordinary addresses through", () => {
    for (const target of [
      "/funds",
      "/funds?sort=target_size.desc&q=acme%20co",
      "/api/funds/3f0e8f5e-6c1a-4c55-9a53-0d7b5d1c2a10/investors",
      "/",
    ]) {
      expect(rawTargetProblem(target), target).toBeNull();
    }
  });

  it("refuses bad escapes, dot segments, empty segments, prototype keys and targets that are not paths", () => {
    for (const target of [
      "/api/funds/%zz",
      "/api/funds/%",
      "/api/funds/%C0%AE",
      "/funds?q=%zz",
      "/api/funds/..",
      "/api/funds/%2e%2E/investors",
      "/api/./funds",
      "/api//funds",
      "/api/funds?__proto__=1",
      "/api/funds.csv?constructor%5Bprototype%5D=1",
      "*",
      "http://evil.example/funds",
      "",
    ]) {
      expect(rawTargetProblem(target), target).not.toBeNull();
    }
  });
});

describe("requestProblem", () => {
  const ok = { url: "/funds", rawHeaders: ["host", "x"], headers: {} };

  it("answers 414 to a long address, 431 to long headers, 413/411 to bodies no route takes", () => {
    expect(requestProblem(ok)).toBeNull();
    expect(requestProblem({ ...ok, url: `/funds?q=${"a".repeat(20_000)}` })?.[0]).toBe(414);
    expect(requestProblem({ ...ok, rawHeaders: ["x-junk", "a".repeat(20_000)] })?.[0]).toBe(431);
    expect(requestProblem({ ...ok, url: "*" })?.[0]).toBe(400);
    expect(requestProblem({ ...ok, headers: { "content-length": "10485760" } })?.[0]).toBe(413);
    expect(requestProblem({ ...ok, headers: { "content-length": "4096" } })).toBeNull();
    expect(requestProblem({ ...ok, headers: { "transfer-encoding": "chunked" } })?.[0]).toBe(411);
  });
});

describe("parserProblem", () => {
  it("tells an over-long request line from an over-long header block", () => {
    // What Node hands over: the chunk in which the limit was passed, usually the tail of the request.
    const lineTail = Buffer.from(`${"a".repeat(14_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    const lineStart = Buffer.from(`GET /funds?q=${"a".repeat(70_000)}`);
    const headersTail = Buffer.from(`${"a".repeat(14_000)}\r\n\r\n`);
    const headersWhole = Buffer.from(`GET /funds HTTP/1.1\r\nHost: x\r\nX-Junk: ${"a".repeat(70_000)}`);
    expect(parserProblem({ code: "HPE_HEADER_OVERFLOW", rawPacket: lineTail })[0]).toBe(414);
    expect(parserProblem({ code: "HPE_HEADER_OVERFLOW", rawPacket: lineStart })[0]).toBe(414);
    expect(parserProblem({ code: "HPE_HEADER_OVERFLOW", rawPacket: headersTail })[0]).toBe(431);
    expect(parserProblem({ code: "HPE_HEADER_OVERFLOW", rawPacket: headersWhole })[0]).toBe(431);
    expect(parserProblem({ code: "HPE_INVALID_METHOD" })[0]).toBe(400);
  });
});

describe("clientAddressOf", () => {
  it("takes the socket's address and ignores X-Forwarded-For with no trusted proxy", () => {
    expect(clientAddressOf("::ffff:10.0.0.9", "1.2.3.4", 0)).toBe("10.0.0.9");
    expect(clientAddressOf("10.0.0.9", undefined, 0)).toBe("10.0.0.9");
  });

  it("takes what the outermost trusted proxy saw, whatever the client put further left", () => {
    expect(clientAddressOf("10.0.0.1", "203.0.113.7", 1)).toBe("203.0.113.7");
    expect(clientAddressOf("10.0.0.1", "1.2.3.4, 203.0.113.7", 1)).toBe("203.0.113.7");
    expect(clientAddressOf("10.0.0.1", "1.2.3.4, 203.0.113.7, 10.0.0.2", 2)).toBe("203.0.113.7");
    expect(clientAddressOf("10.0.0.1", "", 1)).toBe("10.0.0.1");
  });
});
