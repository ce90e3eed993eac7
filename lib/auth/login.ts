import "server-only";
import { z } from "zod";
import { serverEnv } from "../env";
import { BadRequest, TooManyRequests } from "../http-errors";
import { logLine } from "../log";
import { createRateLimiter } from "./rate-limit";
import { sealSession, SESSION_COOKIE } from "./session-token";
import { verifyLocalUser } from "./users";

const credentialsSchema = z.object({
  email: z.string().trim().min(1).max(320),
  password: z.string().min(1).max(1024),
});

// The 6th failure within 5 minutes, per account and per address, is refused with 429.
const failuresByAccount = createRateLimiter(5, 5 * 60_000);
const failuresByAddress = createRateLimiter(5, 5 * 60_000);

/** Where the request came from, as far as the headers say (Next fills x-forwarded-for from the socket). */
export function clientAddress(request: Request): string {
  return request.headers.get("x-forwarded-for")?.split(",")[0]?.trim() || "unknown";
}

/** A path on this site to return to after sign-in; anything else (another origin, `//evil`) becomes /funds. */
export function safeNext(value: unknown): string {
  return typeof value === "string" && /^\/(?![/\\])/.test(value) ? value : "/funds";
}

export function sessionCookie(token: string, secure: boolean): string {
  const maxAge = serverEnv().DASHBOARD_SESSION_HOURS * 3600;
  return `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure ? "; Secure" : ""}`;
}

export function clearedSessionCookie(secure: boolean): string {
  return `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure ? "; Secure" : ""}`;
}

/** Checks a local user's credentials; unknown user and wrong password get the same answer. */
export async function signInLocal(body: unknown, address: string): Promise<{ token: string; email: string } | null> {
  const parsed = credentialsSchema.safeParse(body);
  if (!parsed.success) throw new BadRequest("Give an email and a password.");
  const email = parsed.data.email.toLowerCase();
  for (const [limiter, key] of [[failuresByAccount, email], [failuresByAddress, address]] as const) {
    if (limiter.limited(key)) {
      throw new TooManyRequests("Too many failed sign-ins. Wait a few minutes and try again.", limiter.retryAfter(key));
    }
  }
  const user = await verifyLocalUser(email, parsed.data.password);
  if (!user) {
    failuresByAccount.record(email);
    failuresByAddress.record(address);
    logLine("sign_in_failed", { method: "local" });
    return null;
  }
  const env = serverEnv();
  const token = await sealSession({ email: user.email, name: user.name }, env.DASHBOARD_SESSION_SECRET ?? "", env.DASHBOARD_SESSION_HOURS * 3600);
  logLine("sign_in", { user: user.email, method: "local" });
  return { token, email: user.email };
}
