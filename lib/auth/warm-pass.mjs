// The pass of a starting server's own warm-up requests (scripts/warm-start.mjs): random, held in this process only
// while it warms up, before it listens; the public server strips the header from every request it takes.
import { randomBytes, timingSafeEqual } from "node:crypto";

const slot = Symbol.for("fund-explorer.warm-pass");
export const warmPassHeader = "x-fund-explorer-warm-pass";

/** Opens the pass for this warm-up and returns it. */
export function openWarmPass() {
  const pass = randomBytes(32).toString("base64url");
  globalThis[slot] = pass;
  return pass;
}

/** Closes it: from now on no request is a warm-up request. */
export function closeWarmPass() {
  delete globalThis[slot];
}

/** Whether a warm-up is under way (only then is a request's header worth looking at). */
export function warmPassOpen() {
  return typeof globalThis[slot] === "string";
}

/** Whether a request header carries the open pass. */
export function isWarmPass(value) {
  const pass = globalThis[slot];
  if (typeof pass !== "string" || typeof value !== "string") return false;
  const given = Buffer.from(value);
  const expected = Buffer.from(pass);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
