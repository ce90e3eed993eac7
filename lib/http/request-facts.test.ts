import { describe, expect, it } from "vitest";
import { requestFacts } from "./request-facts";
import { clientAddressHeader, requestIdHeader } from "./security-headers.mjs";

const id = "0ba189df-94a5-41d8-82f5-476ee18e1462";
const set = { [requestIdHeader]: id, [clientAddressHeader]: "10.1.2.3" };

describe("requestFacts", () => {
  it("reads the request id and client address the server set, from a request or its headers", () => {
    expect(requestFacts(new Request("http://dash.test/", { headers: set }))).toEqual({
      requestId: id,
      clientAddress: "10.1.2.3",
    });
    // Next's headers() is a Headers that also carries a plain `headers` object of its own.
    const nextHeaders = Object.assign(new Headers(set), { headers: { ...set } });
    expect(requestFacts(nextHeaders)).toEqual({ requestId: id, clientAddress: "10.1.2.3" });
  });

  it("drops what the server did not set, or a value that is not an id", () => {
    expect(requestFacts(new Headers())).toEqual({ requestId: null, clientAddress: null });
    expect(requestFacts(new Headers({ [requestIdHeader]: "'; drop table audit_events" }))).toMatchObject({
      requestId: null,
    });
  });
});
