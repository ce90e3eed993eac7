import "server-only";
import { readFileSync } from "node:fs";
import argon2 from "argon2";
import { z } from "zod";
import { serverEnv } from "../env";

const usersSchema = z.array(
  z.object({
    email: z.email().transform((email) => email.toLowerCase()),
    name: z.string().optional(),
    passwordHash: z.string().startsWith("$argon2id$", "passwordHash must be an argon2id hash (npm run hash-password)"),
  }),
);

type User = z.infer<typeof usersSchema>[number];

let users: Map<string, User> | undefined;

/** The local users file, read and checked once; a bad file stops the server at start with one line. */
export function localUsers(): Map<string, User> {
  if (users) return users;
  const file = serverEnv().DASHBOARD_USERS_FILE;
  if (!file) return (users = new Map());
  let parsed: z.ZodSafeParseResult<User[]>;
  try {
    parsed = usersSchema.safeParse(JSON.parse(readFileSync(file, "utf8")));
  } catch (error) {
    throw new Error(`DASHBOARD_USERS_FILE ${file} could not be read as JSON (${(error as Error).name})`);
  }
  if (!parsed.success) throw new Error(`DASHBOARD_USERS_FILE ${file}: ${parsed.error.issues[0]?.message}`);
  users = new Map(parsed.data.map((user) => [user.email, user]));
  return users;
}

// Verified against when the email is unknown, so both failures take the same time.
const dummyHash = argon2.hash("not a real password", { type: argon2.argon2id });

/** The user when the email and password match; null otherwise, unknown user or wrong password alike. */
export async function verifyLocalUser(email: string, password: string): Promise<User | null> {
  const user = localUsers().get(email.trim().toLowerCase());
  const hash = user?.passwordHash ?? (await dummyHash);
  const ok = await argon2.verify(hash, password).catch(() => false);
  return ok && user ? user : null;
}
