import { describe, expect, it } from "vitest";
import { BadRequest, Forbidden, HttpError, TooManyRequests } from "./errors";

describe("HttpError", () => {
  it("is recognised by its brand and kind, as a copy of the class from another bundle would be", () => {
    const fromAnotherBundle = Object.assign(new Error("Unknown investor type"), {
      [Symbol.for("fund-explorer.HttpError")]: true,
      kind: "BadRequest",
      status: 400,
    });
    expect(fromAnotherBundle instanceof BadRequest).toBe(true);
    expect(fromAnotherBundle instanceof HttpError).toBe(true);
    expect(fromAnotherBundle instanceof Forbidden).toBe(false);
    expect(new Error("plain") instanceof HttpError).toBe(false);
  });

  it("carries its status, name and Retry-After", () => {
    const error = new TooManyRequests("Too many", 0);
    expect([error.status, error.name, error.retryAfterSeconds, error.message]).toEqual([
      429,
      "TooManyRequests",
      1,
      "Too many",
    ]);
    expect(new BadRequest("x") instanceof TooManyRequests).toBe(false);
  });
});
