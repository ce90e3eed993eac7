// Bearer-token handling: a random JWT-shaped key when none is given, and a constant-time check.
import { randomBytes, timingSafeEqual } from "node:crypto";

function base64url(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString("base64url");
}

/** Random token shaped like a JWT (three base64url parts); its signature is never verified. */
export function generateToken(): string {
  const header = base64url({ alg: "HS256", typ: "JWT" });
  const payload = base64url({
    iss: "demo-customer-api",
    sub: "demo",
    iat: Math.floor(Date.now() / 1000),
    jti: randomBytes(12).toString("hex"),
  });
  return `${header}.${payload}.${randomBytes(32).toString("base64url")}`;
}

const BEARER = /^(?:Bearer|bearer) +(\S+) *$/;

/** True when the Authorization header carries exactly the expected bearer token. */
export function isAuthorized(header: string | undefined, expected: Buffer): boolean {
  const match = header === undefined ? null : BEARER.exec(header);
  const presented = match?.[1];
  if (presented === undefined) return false;
  const given = Buffer.from(presented);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
