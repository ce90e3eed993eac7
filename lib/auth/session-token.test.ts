import { describe, expect, it, vi } from "vitest";
import { openSession, sealSession } from "./session-token";

const secret = "a-test-secret-that-is-at-least-32-characters";
const ana = { email: "ana@example.com", method: "local" as const };

describe("session tokens", () => {
  it("round-trip with their method and opening time, and are opaque (the email is not readable in the token)", async () => {
    const before = Date.now();
    const token = await sealSession(ana, secret, 60);
    expect(token).not.toContain("ana");
    expect(Buffer.from(token.split(".")[1] ?? "", "base64url").toString()).not.toContain("ana");
    const session = await openSession(token, secret);
    expect(session).toMatchObject({ email: "ana@example.com", method: "local" });
    expect(session!.issuedAt).toBeGreaterThanOrEqual(before);
  });

  it("refuse a token sealed with another secret, a tampered one and an expired one", async () => {
    const token = await sealSession(ana, secret, 60);
    expect(await openSession(token, `${secret}-other`)).toBeNull();
    // The tag's first character, changed: the last one's low bits are padding, so a change there can decode the same.
    const parts = token.split(".");
    expect(parts).toHaveLength(5);
    const tag = parts[4] ?? "";
    parts[4] = `${tag.startsWith("A") ? "B" : "A"}${tag.slice(1)}`;
    expect(await openSession(parts.join("."), secret)).toBeNull();
    expect(await openSession(await sealSession(ana, secret, -10), secret)).toBeNull();
    expect(await openSession(undefined, secret)).toBeNull();
  });

  it("a token opened once is refused with another secret, and once it expires, though it is held", async () => {
    const token = await sealSession(ana, secret, 2);
    expect(await openSession(token, secret)).toMatchObject({ email: "ana@example.com" });
    expect(await openSession(token, `${secret}-rotated`)).toBeNull();
    vi.useFakeTimers({ now: Date.now() + 3_000, toFake: ["Date"] });
    try {
      expect(await openSession(token, secret)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
