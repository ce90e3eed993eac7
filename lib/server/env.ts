import "server-only";
import { z } from "zod";

import { defaultRevokedUsersFile, integer, processEnvShape } from "./process-env.mjs";

const blankToUndefined = (value: unknown) => (value === "" ? undefined : value);

export const envSchema = z
  .object({
    CUSTOMER_API_BASE_URL: z.preprocess(
      blankToUndefined,
      z.url({ protocol: /^https?$/, error: "CUSTOMER_API_BASE_URL must be an http(s) URL" }).optional(),
    ),
    CUSTOMER_API_TOKEN: z.preprocess(blankToUndefined, z.string().optional()),
    // Several upstreams (a JSON file naming each source, its base URL and where its token is), instead of the two above.
    CUSTOMER_API_SOURCES_FILE: z.preprocess(blankToUndefined, z.string().optional()),
    CUSTOMER_API_TIMEOUT_MS: integer(100, 120_000, 10_000),
    CUSTOMER_API_DEADLINE_MS: integer(100, 300_000, 15_000),
    CUSTOMER_API_RETRIES: integer(0, 5, 2),
    CUSTOMER_API_MAX_BODY_MB: integer(1, 2048, 256),
    CUSTOMER_API_BREAKER_THRESHOLD: integer(1, 1000, 5),
    CUSTOMER_API_BREAKER_COOLDOWN_MS: integer(100, 600_000, 15_000),
    // How long a fund's investor list is reused for new table views before it is fetched again.
    INVESTOR_LIST_CACHE_SECONDS: integer(0, 3_600, 60),
    // The fund lists an instance holds for its tables, in MB; the least recently used go first (and come back from the
    // store when their fund is opened).
    HELD_LISTS_MB: integer(16, 65_536, 512),
    // Refresh reads a fund's list again at most this often; within it the held list answers, with its age.
    INVESTOR_LIST_REFRESH_SECONDS: integer(1, 3_600, 10),
    DEMO_SEED: integer(0, 2 ** 31, 42),
    // The embedded demo's first start fills an empty store with the demo's past (0: only today's reads).
    DEMO_PAST: z.preprocess(blankToUndefined, z.enum(["0", "1"]).default("1")),
    // Ownership adds up to 100 within this many percentage points, in the reconciliation of a fund.
    RECONCILIATION_OWNERSHIP_TOLERANCE: z.preprocess(
      blankToUndefined,
      z
        .string()
        .regex(/^\d+(\.\d+)?$/, "RECONCILIATION_OWNERSHIP_TOLERANCE must be a decimal number of percentage points")
        .default("0.01"),
    ),
    // The paper a capital account statement's PDF is laid out on.
    STATEMENT_PAGE_SIZE: z.preprocess(blankToUndefined, z.enum(["A4", "Letter"]).default("A4")),
    // The organization's rounds of reads: funds read at once, and how often every fund is read again (seconds).
    DIRECTORY_CONCURRENCY: integer(1, 64, 6),
    DIRECTORY_REFRESH_SECONDS: integer(10, 86_400, 600),
    // Keys the hash investors are matched by across funds (and the directory's links); the same on every instance.
    DIRECTORY_MATCH_SECRET: z.preprocess(
      blankToUndefined,
      z.string().min(32, "DIRECTORY_MATCH_SECRET must be at least 32 characters").optional(),
    ),
    // Several instances share sign-outs and limits here; unset, each process keeps its own (one instance).
    REDIS_URL: z.preprocess(
      blankToUndefined,
      z.url({ protocol: /^rediss?$/, error: "REDIS_URL must be a redis:// or rediss:// URL" }).optional(),
    ),
    // Starts every key this dashboard writes, so deployments (or other apps) can share one Redis.
    REDIS_KEY_PREFIX: z.preprocess(
      blankToUndefined,
      z
        .string()
        .regex(/^[A-Za-z0-9:._-]{1,64}$/, "REDIS_KEY_PREFIX may hold letters, digits and : . _ - (at most 64)")
        .default("fund-explorer:"),
    ),
    // The store's PostgreSQL (issue 21); unset, an embedded PGlite in DATABASE_DIR (one instance only).
    DATABASE_URL: z.preprocess(
      blankToUndefined,
      z
        .url({ protocol: /^postgres(ql)?$/, error: "DATABASE_URL must be a postgres:// or postgresql:// URL" })
        .optional(),
    ),
    DATABASE_DIR: z.preprocess(blankToUndefined, z.string().default(".fund-explorer/db")),
    // The investor records an organization's read may have waiting to be kept; past it, it reads on as they land.
    KEPT_WRITES_MAX_ROWS: integer(1_000, 10_000_000, 40_000),
    // When the daily snapshot of every fund is read, UTC.
    SNAPSHOT_AT: z.preprocess(
      blankToUndefined,
      z
        .string()
        .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "SNAPSHOT_AT must be a UTC time HH:MM")
        .default("02:00"),
    ),
    // Reads older than this are pruned (each fund's newest is always kept).
    HISTORY_RETENTION_DAYS: integer(1, 36_500, 730),
    // 1: the dashboard refuses to start, and /readyz fails, while the store is unavailable.
    STORE_REQUIRED: z.preprocess(blankToUndefined, z.enum(["0", "1"]).default("0")),
    // /readyz asks the upstream at most this often and reports the last answer.
    READINESS_PROBE_SECONDS: integer(1, 300, 15),
    PORT: integer(1, 65_535, 3000),
    ...processEnvShape,
    DASHBOARD_HOST: z.preprocess(blankToUndefined, z.string().optional()),
    // The dashboard's own address: decides Secure cookies and HSTS, and builds the OIDC redirect URI.
    DASHBOARD_PUBLIC_URL: z.preprocess(
      blankToUndefined,
      z.url({ protocol: /^https?$/, error: "DASHBOARD_PUBLIC_URL must be an http(s) URL" }).optional(),
    ),
    // Proxy hops in front of the server whose X-Forwarded-For is trusted for the client's address.
    DASHBOARD_TRUSTED_PROXIES: integer(0, 10, 0),
    DASHBOARD_AUTH: z.preprocess(blankToUndefined, z.enum(["none", "local", "oidc"]).optional()),
    DASHBOARD_PROXY_USER_HEADER: z.preprocess(
      blankToUndefined,
      z
        .string()
        .regex(/^[A-Za-z0-9-]{1,64}$/, "DASHBOARD_PROXY_USER_HEADER must be a header name")
        .optional(),
    ),
    // The header the authenticating proxy names the person's groups in (comma-separated), for ACCESS_RULES_FILE.
    DASHBOARD_PROXY_GROUPS_HEADER: z.preprocess(
      blankToUndefined,
      z
        .string()
        .regex(/^[A-Za-z0-9-]{1,64}$/, "DASHBOARD_PROXY_GROUPS_HEADER must be a header name")
        .optional(),
    ),
    // Rules from a group (single sign-on's groups claim, or the proxy's groups header) to a role and scopes.
    ACCESS_RULES_FILE: z.preprocess(blankToUndefined, z.string().optional()),
    // How often a single sign-on session's groups are asked of the provider again (at most 15 minutes).
    ACCESS_REEVALUATE_SECONDS: integer(1, 900, 900),
    // Audit rows older than this are removed by the daily job (which records that it did).
    AUDIT_RETENTION_DAYS: integer(1, 36_500, 400),
    DASHBOARD_PROXY_SECRET: z.preprocess(
      blankToUndefined,
      z.string().min(32, "DASHBOARD_PROXY_SECRET must be at least 32 characters").optional(),
    ),
    // Written by `npm run revoke -- <email>`, read by the server whenever it changes.
    DASHBOARD_REVOKED_USERS_FILE: z.preprocess(blankToUndefined, z.string().default(defaultRevokedUsersFile)),
    DASHBOARD_SESSION_SECRET: z.preprocess(
      blankToUndefined,
      z.string().min(32, "DASHBOARD_SESSION_SECRET must be at least 32 characters").optional(),
    ),
    DASHBOARD_SESSION_HOURS: integer(1, 24 * 30, 8),
    DASHBOARD_USERS_FILE: z.preprocess(blankToUndefined, z.string().optional()),
    OIDC_ISSUER: z.preprocess(blankToUndefined, z.url({ protocol: /^https?$/ }).optional()),
    OIDC_CLIENT_ID: z.preprocess(blankToUndefined, z.string().optional()),
    OIDC_CLIENT_SECRET: z.preprocess(blankToUndefined, z.string().optional()),
    OIDC_ALLOWED_DOMAIN: z.preprocess(blankToUndefined, z.string().optional()),
    OIDC_ALLOWED_GROUP: z.preprocess(blankToUndefined, z.string().optional()),
    OIDC_GROUPS_CLAIM: z.preprocess(blankToUndefined, z.string().default("groups")),
    OIDC_ALLOW_INSECURE_REQUESTS: z.preprocess(blankToUndefined, z.enum(["0", "1"]).default("0")),
    // Alerts (issue 30): email through this SMTP server; unset, email subscriptions say "Email is not configured".
    SMTP_URL: z.preprocess(
      blankToUndefined,
      z.url({ protocol: /^smtps?$/, error: "SMTP_URL must be an smtp:// or smtps:// URL" }).optional(),
    ),
    ALERTS_FROM: z.preprocess(blankToUndefined, z.string().max(200).default("Fund Explorer <fund-explorer@localhost>")),
    // Seals webhook URLs and secrets in the store and signs unsubscribe links; unset, derived from the deployment's key.
    ALERTS_SECRET_KEY: z.preprocess(
      blankToUndefined,
      z.string().min(32, "ALERTS_SECRET_KEY must be at least 32 characters").optional(),
    ),
    // host:port pairs whose webhooks are trusted: any address, and http too (comma-separated).
    ALERTS_WEBHOOK_ALLOW: z.preprocess(
      blankToUndefined,
      z
        .string()
        .regex(
          /^\s*[^\s,:]+:\d{1,5}\s*(,\s*[^\s,:]+:\d{1,5}\s*)*$/,
          "ALERTS_WEBHOOK_ALLOW is a comma-separated list of host:port",
        )
        .optional(),
    ),
    // How often each instance looks for alerts to deliver (it also looks at once after a read is kept).
    ALERTS_POLL_MS: integer(100, 60_000, 1_000),
  })
  .superRefine((env, ctx) => {
    const fail = (message: string) => ctx.addIssue({ code: "custom", message });
    if (env.DATABASE_URL && !env.DIRECTORY_MATCH_SECRET) {
      fail(
        "DATABASE_URL needs DIRECTORY_MATCH_SECRET (32+ random characters, the same on every instance): kept reads " +
          "are matched by its keyed hashes, which must mean the same after a restart and on every instance",
      );
    }
    if (env.CUSTOMER_API_SOURCES_FILE && (env.CUSTOMER_API_BASE_URL || env.CUSTOMER_API_TOKEN)) {
      fail("CUSTOMER_API_SOURCES_FILE names every source: leave CUSTOMER_API_BASE_URL and CUSTOMER_API_TOKEN unset");
    }
    if (env.CUSTOMER_API_BASE_URL && !env.CUSTOMER_API_TOKEN) {
      fail("CUSTOMER_API_BASE_URL is set but CUSTOMER_API_TOKEN is not: set the API token the operator issued");
    }
    const mode = authModeOf(env);
    if ((env.CUSTOMER_API_BASE_URL || env.CUSTOMER_API_SOURCES_FILE) && mode === "open") {
      fail(
        "sign-in is not configured for a real upstream: set OIDC_ISSUER/OIDC_CLIENT_ID/OIDC_CLIENT_SECRET or " +
          "DASHBOARD_USERS_FILE (see README), or DASHBOARD_AUTH=none behind an authenticating proxy",
      );
    }
    if ((mode === "local" || mode === "oidc") && !env.DASHBOARD_SESSION_SECRET) {
      fail("sign-in needs DASHBOARD_SESSION_SECRET (32+ random characters) to encrypt session cookies");
    }
    if (mode === "local" && !env.DASHBOARD_USERS_FILE) fail("DASHBOARD_AUTH=local needs DASHBOARD_USERS_FILE");
    if (mode === "oidc" && !(env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET)) {
      fail("single sign-on needs OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET");
    }
    if (mode === "oidc" && !env.OIDC_ALLOWED_DOMAIN && !env.OIDC_ALLOWED_GROUP) {
      fail("single sign-on needs OIDC_ALLOWED_DOMAIN or OIDC_ALLOWED_GROUP: who may sign in");
    }
    if (mode === "oidc" && !env.DASHBOARD_PUBLIC_URL) {
      fail("single sign-on needs DASHBOARD_PUBLIC_URL, the dashboard's own address, for its redirect URI");
    }
    if (mode === "none" && env.ACCESS_RULES_FILE && !env.DASHBOARD_PROXY_GROUPS_HEADER) {
      fail(
        "ACCESS_RULES_FILE behind a proxy needs DASHBOARD_PROXY_GROUPS_HEADER, the header naming the person's groups",
      );
    }
    if (mode === "none" && !(env.DASHBOARD_PROXY_USER_HEADER && env.DASHBOARD_PROXY_SECRET)) {
      fail(
        "DASHBOARD_AUTH=none needs DASHBOARD_PROXY_USER_HEADER (the header naming the signed-in person) and " +
          "DASHBOARD_PROXY_SECRET (sent by the authenticating proxy in X-Dashboard-Proxy-Secret)",
      );
    }
  });

/**
 * Who may use the dashboard: "open" only with the demo API and nothing configured; "none" when explicitly
 * delegated to an authenticating proxy; else local users or single sign-on.
 */
export function authModeOf(env: {
  DASHBOARD_AUTH?: "none" | "local" | "oidc";
  OIDC_ISSUER?: string;
  DASHBOARD_USERS_FILE?: string;
}): "open" | "none" | "local" | "oidc" {
  if (env.DASHBOARD_AUTH) return env.DASHBOARD_AUTH;
  if (env.OIDC_ISSUER) return "oidc";
  if (env.DASHBOARD_USERS_FILE) return "local";
  return "open";
}

export type ServerEnv = z.infer<typeof envSchema>;

/** Every variable the server reads (the schema's keys), for .env.example's test. */
export const envVariableNames: readonly string[] = Object.keys(envSchema.shape);

export class EnvError extends Error {}

/** Reads the environment once; throws an EnvError whose message fits on one line. */
let cached: ServerEnv | undefined;

/** The process environment, checked once. */
export function serverEnv(): ServerEnv {
  cached ??= readEnv();
  return cached;
}

export function readEnv(source: Record<string, string | undefined> = process.env): ServerEnv {
  const parsed = envSchema.safeParse(source);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) =>
    issue.code === "custom" ? issue.message : `${issue.path.join(".")}: ${issue.message}`,
  );
  throw new EnvError(`Fund Explorer configuration error: ${problems.join("; ")}`);
}
