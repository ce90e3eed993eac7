import "server-only";
import { z } from "zod";
import { accessOf } from "../access/server/access";
import { serverEnv } from "../server/env";
import { BadRequest } from "../http/errors";
import { logLine } from "../server/log";
import { verifyLocalUser } from "./password-check";
import { sealSession } from "./session-token";
import { auditSignIn, grantDetail } from "./sign-in-audit";
import { guardedSignIn } from "./sign-in-guard";

const credentialsSchema = z.object({
  email: z.string().trim().min(1).max(320),
  password: z.string().min(1).max(1024),
});

/** Checks a local user's credentials under the sign-in limits; unknown user and wrong password get the same answer. */
export async function signInLocal(body: unknown, address: string): Promise<{ token: string; email: string } | null> {
  const parsed = credentialsSchema.safeParse(body);
  if (!parsed.success) throw new BadRequest("Give an email and a password.");
  const email = parsed.data.email.toLowerCase();
  const user = await guardedSignIn(email, address, () => verifyLocalUser(email, parsed.data.password));
  if (!user) {
    logLine("sign_in_failed", { method: "local" });
    auditSignIn(email, "local", false, "wrong email or password", address);
    return null;
  }
  const env = serverEnv();
  const token = await sealSession(
    { email: user.email, name: user.name, method: "local" },
    env.DASHBOARD_SESSION_SECRET ?? "",
    env.DASHBOARD_SESSION_HOURS * 3600,
  );
  logLine("sign_in", { user: user.email, method: "local" });
  const access = accessOf({ email: user.email, method: "local" });
  auditSignIn(user.email, "local", true, access ? grantDetail(access) : "users file", address);
  return { token, email: user.email };
}
