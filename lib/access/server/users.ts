import "server-only";
import { readFileSync } from "node:fs";
import { z } from "zod";
import { watchedConfig } from "./watched-config";
import { roles } from "../types";
import { EnvError, serverEnv } from "../../server/env";

const usersSchema = z.array(
  z.object({
    email: z.email().transform((email) => email.toLowerCase()),
    name: z.string().optional(),
    passwordHash: z.string().startsWith("$argon2id$", "passwordHash must be an argon2id hash (npm run hash-password)"),
    // Without them a user is a viewer of everything: files written before roles keep working, with less power.
    role: z.enum(roles).default("viewer"),
    scopes: z.array(z.string().trim().min(1).max(200)).min(1, "scopes must name at least one scope").default(["*"]),
  }),
);

export type User = z.infer<typeof usersSchema>[number];

/** The users file, checked; throws one readable line (a bad file stops the server at start). */
export function readUsersFile(file: string): Map<string, User> {
  let parsed: z.ZodSafeParseResult<User[]>;
  try {
    parsed = usersSchema.safeParse(JSON.parse(readFileSync(file, "utf8")));
  } catch (error) {
    throw new EnvError(`DASHBOARD_USERS_FILE ${file} could not be read as JSON (${(error as Error).name})`);
  }
  if (!parsed.success) throw new EnvError(`DASHBOARD_USERS_FILE ${file}: ${parsed.error.issues[0]?.message}`);
  return new Map(parsed.data.map((user) => [user.email, user]));
}

/** The local users as the file says now: re-read whenever it changes, so removing someone takes effect at once. */
export function localUsers(): Map<string, User> {
  const file = serverEnv().DASHBOARD_USERS_FILE;
  if (!file) return new Map();
  // An edited file that does not read is no users at all until it is fixed: a removed user never keeps access.
  return watchedConfig(file, {
    variable: "DASHBOARD_USERS_FILE",
    unreadableEvent: "users_file_unreadable",
    read: readUsersFile,
    empty: new Map(),
    entries: (users) => [...users.values()],
  });
}
