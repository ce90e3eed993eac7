import "server-only";
import { readUsersFile } from "../auth/users";
import { connectUpstream } from "../data/upstream";
import { EnvError, serverEnv } from "./env";
import { logLine } from "./log";

/** Fails fast with one readable line when the configuration is wrong. */
export async function startServer(): Promise<void> {
  try {
    const usersFile = serverEnv().DASHBOARD_USERS_FILE;
    if (usersFile) readUsersFile(usersFile);
    logLine("server_configured", { mode: await connectUpstream() });
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
