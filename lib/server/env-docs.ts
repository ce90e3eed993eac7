// What each environment variable is for: the source of docs/configuration.md's table and of .env.example
// (npm run env-docs writes both; the defaults come from the schema in env.ts).
import "server-only";
import type { envSchema } from "./env";

/** Every variable the server reads: a key of the schema lacking a description here fails to compile. */
export type EnvVariable = keyof (typeof envSchema)["shape"];

/** The sections of the table and of .env.example, in order, each with the page that explains it. */
export const envGroups = [
  { title: "The Customer API", page: { name: "Sources", path: "docs/sources.md" } },
  { title: "Sign-in", page: { name: "Sign-in and access", path: "docs/sign-in-and-access.md" } },
  { title: "The store", page: { name: "The store", path: "docs/store.md" } },
  { title: "Investors across funds", page: { name: "the tour", path: "README.md#a-tour" } },
  { title: "Several instances", page: { name: "Several instances", path: "docs/several-instances.md" } },
  { title: "Where it listens", page: { name: "Several instances", path: "docs/several-instances.md" } },
  { title: "Alerts", page: { name: "Alerts", path: "docs/alerts.md" } },
] as const;

export type EnvGroup = (typeof envGroups)[number]["title"];

export type EnvDoc = { group: EnvGroup; text: string };

const inGroup =
  (group: EnvGroup) =>
  (text: string): EnvDoc => ({ group, text });
const api = inGroup("The Customer API");
const signIn = inGroup("Sign-in");
const store = inGroup("The store");
const investors = inGroup("Investors across funds");
const instances = inGroup("Several instances");
const listen = inGroup("Where it listens");
const alerts = inGroup("Alerts");

/** One or two sentences per variable, listed in the order the table and .env.example show them. */
export const envDocs = {
  CUSTOMER_API_BASE_URL: api(
    "The Customer Data API's origin; `/customerapi/...` is appended. Unset: the dashboard runs on the built-in demo API.",
  ),
  CUSTOMER_API_TOKEN: api(
    "The API key (a JWT) issued by the platform's support team, required with `CUSTOMER_API_BASE_URL`. It stays on " +
      "the server: never prefix it with `NEXT_PUBLIC_`.",
  ),
  CUSTOMER_API_SOURCES_FILE: api(
    'A JSON file naming several sources, each `{ "name", "baseUrl", "token": { "env": "VAR" } or ' +
      '{ "file": "/path" } }`, instead of `CUSTOMER_API_BASE_URL` and `CUSTOMER_API_TOKEN` (whose one source is ' +
      "named `default`). Read at start.",
  ),
  CUSTOMER_API_TIMEOUT_MS: api("Time allowed for one upstream attempt, in milliseconds."),
  CUSTOMER_API_DEADLINE_MS: api("Time allowed for a whole upstream call, retries included, in milliseconds."),
  CUSTOMER_API_RETRIES: api("Retries after a network error, a timeout or a 502/503/504 (4xx is never retried)."),
  CUSTOMER_API_MAX_BODY_MB: api("Largest upstream body accepted, in MB; a larger one answers 502."),
  CUSTOMER_API_BREAKER_THRESHOLD: api("Consecutive failed upstream calls that open the circuit breaker."),
  CUSTOMER_API_BREAKER_COOLDOWN_MS: api("How long the open circuit breaker answers 503 at once, in milliseconds."),
  INVESTOR_LIST_CACHE_SECONDS: api(
    "How long a fund's investor list is held (masked) and reused for new table views, in seconds, so that paging, " +
      "sorting and searching it do not download it again.",
  ),
  HELD_LISTS_MB: api(
    "How much of its memory an instance gives to the fund lists its tables hold, in MB (about 2 KB a record); the " +
      "least recently used lists go first, and come back from the store when their fund is opened.",
  ),
  INVESTOR_LIST_REFRESH_SECONDS: api(
    "Refresh reads a fund's list again at most this often, in seconds (across every instance with `REDIS_URL`); " +
      "within it the held list answers, with its age.",
  ),
  READINESS_PROBE_SECONDS: api(
    "`/readyz` asks the upstream (`GET /customerapi/funds`, one attempt, 3 s) at most this often, in seconds, and " +
      "reports the last answer.",
  ),
  DEMO_SEED: api("Seed of the built-in demo data."),
  DEMO_PAST: api(
    "`1`: the built-in demo's first start (an empty store) keeps the demo's past, daily over the last 30 days and " +
      "weekly before, back to the start of the quarter two before the current one; `0`: only today's reads. " +
      "Never with a real upstream.",
  ),

  DASHBOARD_AUTH: signIn(
    "`local`, `oidc` or `none` (behind an authenticating proxy). Blank: `oidc` when `OIDC_ISSUER` is set, else " +
      "`local` when `DASHBOARD_USERS_FILE` is set, else open (demo data only).",
  ),
  DASHBOARD_SESSION_SECRET: signIn(
    "Encrypts session cookies: 32+ random characters (`openssl rand -base64 48`), the same on every instance. " +
      "Rotating it ends every session.",
  ),
  DASHBOARD_SESSION_HOURS: signIn("Hours a session lasts."),
  DASHBOARD_USERS_FILE: signIn(
    "Local users: a JSON file of `{ email, name, passwordHash }` (`npm run hash-password`), re-read when it changes.",
  ),
  DASHBOARD_REVOKED_USERS_FILE: signIn(
    "Written by `npm run revoke -- <email>`, read by the server whenever it changes.",
  ),
  DASHBOARD_PROXY_USER_HEADER: signIn(
    "With `DASHBOARD_AUTH=none`: the header the authenticating proxy names the signed-in person in.",
  ),
  DASHBOARD_PROXY_GROUPS_HEADER: signIn(
    "The header in which the authenticating proxy names the person's groups (comma-separated), mapped to a role " +
      "and scopes by `ACCESS_RULES_FILE`; believed only with the proxy's secret.",
  ),
  ACCESS_RULES_FILE: signIn(
    "A JSON list of rules from a group (single sign-on's groups claim, or the proxy's groups header) to a role and " +
      "scopes. Unset: people signed in by single sign-on or the proxy are viewers of everything. Re-read on change.",
  ),
  ACCESS_REEVALUATE_SECONDS: signIn(
    "How often a single sign-on session's groups are asked of the provider again, in seconds (at most 900).",
  ),
  AUDIT_RETENTION_DAYS: store("Days of audit rows kept; the daily job removes older ones and records that it did."),
  DASHBOARD_PROXY_SECRET: signIn(
    "With `DASHBOARD_AUTH=none`: the secret (32+ characters) the proxy sends in `X-Dashboard-Proxy-Secret`; a " +
      "request without it is refused.",
  ),
  OIDC_ISSUER: signIn("Single sign-on: the provider's issuer URL (discovery is used)."),
  OIDC_CLIENT_ID: signIn("Single sign-on: this client's id at the provider."),
  OIDC_CLIENT_SECRET: signIn("Single sign-on: this client's secret at the provider."),
  OIDC_ALLOWED_DOMAIN: signIn("Who may sign in: a verified email of this domain."),
  OIDC_ALLOWED_GROUP: signIn("Who may sign in: members of this group in the groups claim."),
  OIDC_GROUPS_CLAIM: signIn("The claim that lists a person's groups, for `OIDC_ALLOWED_GROUP`."),
  OIDC_ALLOW_INSECURE_REQUESTS: signIn("Only for tests against a plain-http provider: `1` allows it."),

  DATABASE_URL: store(
    "The PostgreSQL the instances share: `postgres://user:password@host:5432/db`. Blank: an embedded PGlite in " +
      "`DATABASE_DIR`, which only one process may open (several instances need `DATABASE_URL`).",
  ),
  DATABASE_DIR: store("The embedded store's folder (relative to the working directory), created on first open."),
  KEPT_WRITES_MAX_ROWS: store(
    "Investor records the organization's reads may have waiting to be written to the store; past it they read on " +
      "as the writes land. Bounds the memory of a first read of a large organization, and what a stop must drain " +
      "within `SHUTDOWN_GRACE_MS` (PGlite writes about 4,000 records a second here).",
  ),
  SNAPSHOT_AT: store("When every fund is read for the daily snapshot, as a UTC time `HH:MM`."),
  HISTORY_RETENTION_DAYS: store("Days of reads kept; older ones are pruned, keeping each fund's newest."),
  STORE_REQUIRED: store(
    "`1`: `/readyz` answers 503 while the store is unavailable. `0`: the instance stays ready and leaves history " +
      "out while the store is down.",
  ),

  DIRECTORY_CONCURRENCY: investors(
    "Funds whose investor lists are read at once in a round of the organization's reads (every fund, kept in the " +
      "store's read model, which the directory and every organization-wide view query).",
  ),
  DIRECTORY_REFRESH_SECONDS: investors(
    "How often a round reads every fund again, in seconds (a person's Refresh does it at once). One instance runs " +
      "a source's round at a time; a round a stop interrupted is resumed by the next start.",
  ),
  DIRECTORY_MATCH_SECRET: investors(
    "Keys the hash investors are matched by across funds (HMAC-SHA-256 of the tax id) and the directory's links: " +
      "32+ random characters, the same on every instance, required with `DATABASE_URL`. Blank: a key drawn once " +
      "into `match-secret` beside `DATABASE_DIR` (mode 0600), never into the database.",
  ),
  RECONCILIATION_OWNERSHIP_TOLERANCE: investors(
    "Ownership percentages of a fund's investors add up to 100 within this many percentage points, in its " +
      "reconciliation.",
  ),
  STATEMENT_PAGE_SIZE: investors(
    "The paper of a capital account statement's PDF: `A4` or `Letter` (one page either way).",
  ),

  REDIS_URL: instances(
    "The Redis every instance shares for sign-outs, revoked people, the sign-in, reveal and export limits and the " +
      "Refresh throttle: `redis://[:password@]host:6379/0`, or `rediss://` for TLS. Blank: each process keeps " +
      "these itself (one instance).",
  ),
  REDIS_KEY_PREFIX: instances(
    "Starts every key the dashboard writes in Redis (each key also expires), so deployments (or other apps) can " +
      "share one Redis.",
  ),

  PORT: listen("The port the server listens on."),
  DASHBOARD_HOST: listen(
    "Listen address. Blank: 127.0.0.1 on demo data and behind an authenticating proxy (`DASHBOARD_AUTH=none`), " +
      "0.0.0.0 with sign-in when started by `npm start`, 127.0.0.1 when `scripts/server.mjs` is run directly.",
  ),
  DASHBOARD_PUBLIC_URL: listen(
    "The dashboard's own address as people reach it (`https://dash.example.com`), required with single sign-on, " +
      "whose redirect URI is built from it. When it is https, cookies are `Secure` and `__Host-` prefixed and " +
      "every answer carries HSTS; no request header decides that.",
  ),
  DASHBOARD_TRUSTED_PROXIES: listen(
    "Proxy hops in front of the server (load balancer, TLS terminator) whose `X-Forwarded-For` is trusted for " +
      "the client's address, which the sign-in limits count. `0`: the socket's address.",
  ),
  REQUEST_SLOTS: listen(
    "Requests that run at once in this process; the rest wait their turn, each person's in its own queue.",
  ),
  QUEUE_WAIT_MS: listen(
    "How long a request may wait for its turn, in milliseconds, before it is refused with 503 and `Retry-After`.",
  ),
  WARM_START: listen(
    "`0`: ready at once, without first rendering a fund page and a table page to warm the process up (it listens " +
      "at once either way; `/readyz` says `warming` until then).",
  ),
  SHUTDOWN_GRACE_MS: listen(
    "On SIGTERM or SIGINT, how long requests in flight and pending store writes get before the process exits " +
      "anyway, in milliseconds; below an orchestrator's usual 30 s.",
  ),

  SMTP_URL: alerts(
    "The SMTP server alert emails go through: `smtps://user:password@mail.example.com:465` or `smtp://…:587` " +
      '(STARTTLS when offered). Blank: email subscriptions say "Email is not configured"; webhooks still work.',
  ),
  ALERTS_FROM: alerts("The sender of alert emails, `Name <address>`."),
  ALERTS_SECRET_KEY: alerts(
    "32+ random characters, the same on every instance: seals webhook URLs and signing secrets in the store and " +
      "signs unsubscribe links. Blank: a key derived from `DIRECTORY_MATCH_SECRET` (or the embedded store's key file).",
  ),
  ALERTS_WEBHOOK_ALLOW: alerts(
    "Comma-separated `host:port` pairs a deployment trusts for webhooks: they may use http and any address " +
      "(loopback, private). Every other webhook is https to a public address, checked when saved and at each " +
      "connection.",
  ),
  ALERTS_POLL_MS: alerts(
    "How often each instance looks for alerts to deliver, in milliseconds (it also looks right after a read is kept).",
  ),
} satisfies Record<EnvVariable, EnvDoc>;
