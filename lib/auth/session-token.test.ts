import { describe, expect, it } from "vitest";
import { openSession, revokeSession, sealSession } from "./session-token";

const secret = "a-test-secret-that-is-at-least-32-characters";

describe("session tokens", () => {
  it("round-trip, and are opaque (the email is not readable in the token)", async () => {
    const token = await sealSession({ email: "ana@example.com" }, secret, 60);
    expect(token).not.toContain("ana");
    expect(Buffer.from(token.split(".")[1] ?? "", "base64url").toString()).not.toContain("ana");
    expect((await openSession(token, secret))?.email).toBe("ana@example.com");
  });

  it("refuse a token sealed with another secret, a tampered one, an expired one and a signed-out one", async () => {
    const token = await sealSession({ email: "ana@example.com" }, secret, 60);
    expect(await openSession(token, `${secret}-other`)).toBeNull();
    expect(await openSession(`${token.slice(0, -2)}AA`, secret)).toBeNull();
    expect(await openSession(await sealSession({ email: "x@example.com" }, secret, -10), secret)).toBeNull();
    const session = await openSession(token, secret);
    revokeSession(session!.sid, 60);
    expect(await openSession(token, secret)).toBeNull();
    expect(await openSession(undefined, secret)).toBeNull();
  });
});
