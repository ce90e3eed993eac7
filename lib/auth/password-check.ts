import "server-only";
import argon2 from "argon2";
import { localUsers, type User } from "../access/server/users";

// Verified against when the email is unknown, so both failures take the same time.
const dummyHash = argon2.hash("not a real password", { type: argon2.argon2id });

/** The user when the email and password match; null otherwise, unknown user or wrong password alike. */
export async function verifyLocalUser(email: string, password: string): Promise<User | null> {
  const user = localUsers().get(email.trim().toLowerCase());
  const hash = user?.passwordHash ?? (await dummyHash);
  const ok = await argon2.verify(hash, password).catch(() => false);
  return ok && user ? user : null;
}
