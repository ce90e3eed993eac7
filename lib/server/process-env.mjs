// The server process's own settings (scripts/server.mjs reads them before Next starts; lib/server/env.ts checks
// them with the rest): one schema for both.
import { z } from "zod";

const blankToUndefined = (value) => (value === "" ? undefined : value);

/** Where `npm run revoke` writes the people whose sessions are ended, unless DASHBOARD_REVOKED_USERS_FILE says. */
export const defaultRevokedUsersFile = ".fund-explorer/revoked-users.json";

/** A whole number from the environment, between min and max, else the fallback when unset or blank. */
export const integer = (min, max, fallback) =>
  z.preprocess(blankToUndefined, z.coerce.number().int().min(min).max(max).default(fallback));

export const processEnvShape = {
  // How long a request may wait for its turn before it is refused with 503 and Retry-After. (2,000 refused 15 % of
  // 100 people's answers on two instances at p99 3.2 s; 4,000 refused none at p99 3.5 s: bench many-people.)
  QUEUE_WAIT_MS: integer(100, 120_000, 4_000),
  // Requests that run at once in one process; the rest wait their turn, each person's in its own queue.
  REQUEST_SLOTS: integer(1, 256, 6),
  // 0: ready at once, without first rendering a fund page and a table page to warm the process up.
  WARM_START: z.preprocess(blankToUndefined, z.enum(["0", "1"]).default("1")),
  // On SIGTERM or SIGINT: how long requests in flight and pending store writes get before the process exits anyway.
  SHUTDOWN_GRACE_MS: integer(0, 600_000, 25_000),
};

/** The process settings, checked; throws naming the variable when one is malformed. */
export function processEnv(env = process.env) {
  return z.object(processEnvShape).parse(env);
}
