// The bench stands in for the authenticating proxy of DASHBOARD_AUTH=none (README, "Behind an authenticating proxy"):
// the app servers it starts believe the person named in X-Forwarded-Email on requests carrying this run's secret.
import { randomBytes } from "node:crypto";

const secret = randomBytes(32).toString("base64url");

/** The app server's side: what its environment needs to trust the bench. */
export const proxyEnv = {
  DASHBOARD_AUTH: "none",
  DASHBOARD_PROXY_USER_HEADER: "X-Forwarded-Email",
  DASHBOARD_PROXY_SECRET: secret,
};

/** The bench's side: sent on every request to the app (HTTP clients, autocannon, browser contexts, Lighthouse). */
export const proxyHeaders = {
  "x-forwarded-email": "bench@fund-explorer.test",
  "x-dashboard-proxy-secret": secret,
};
