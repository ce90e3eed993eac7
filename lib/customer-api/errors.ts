export type CustomerApiErrorKind =
  | "bad_request"
  | "token_rejected"
  | "fund_not_found"
  | "investor_not_found"
  | "upstream_failure"
  | "timeout"
  | "invalid_response"
  | "circuit_open";

const httpStatus: Record<CustomerApiErrorKind, number> = {
  bad_request: 400,
  fund_not_found: 404,
  investor_not_found: 404,
  token_rejected: 502,
  upstream_failure: 502,
  invalid_response: 502,
  timeout: 504,
  circuit_open: 503,
};

// Route handlers and pages are separate bundles sharing one client per process, so each bundle has its own
// copy of this class: `instanceof` checks a brand instead of the prototype chain.
const brand = Symbol.for("fund-explorer.CustomerApiError");

/** A failed Customer API call, as a value with the HTTP status the dashboard answers with. */
export class CustomerApiError extends Error {
  readonly [brand] = true;

  static [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[brand] === true;
  }

  readonly kind: CustomerApiErrorKind;
  readonly status: number;
  /** The upstream's HTTP status, when it answered at all. */
  readonly upstreamStatus: number | undefined;
  /** When to try again, for a fast refusal while the upstream is failing. */
  readonly retryAfterSeconds: number | undefined;

  constructor(kind: CustomerApiErrorKind, message: string, upstreamStatus?: number, retryAfterSeconds?: number) {
    super(message);
    this.name = "CustomerApiError";
    this.kind = kind;
    this.status = httpStatus[kind];
    this.upstreamStatus = upstreamStatus;
    this.retryAfterSeconds = retryAfterSeconds;
  }

  toJSON(): { error: string } {
    return { error: this.message };
  }
}

export const messages = {
  fundNotFound: "Fund not available: it does not exist or this dashboard's API token cannot see it.",
  investorNotFound: "Investor not found in this fund.",
  tokenRejected:
    "The Customer API rejected the dashboard's API token. Ask an administrator to check CUSTOMER_API_TOKEN.",
  upstreamStatus: (status: number) => `The Customer API failed (HTTP ${status}). Try again in a moment.`,
  unreachable: "The Customer API could not be reached. Try again in a moment.",
  timeout: (ms: number) => `The Customer API did not answer within ${Math.round(ms / 100) / 10} s.`,
  notJson: "The Customer API sent a response that is not JSON.",
  wrongShape: "The Customer API sent data in an unexpected shape.",
  tooLarge: (limitMb: number) => `The Customer API sent a response larger than ${limitMb} MB.`,
  badId: (name: string) => `${name} must be a UUID.`,
  circuitOpen: (seconds: number) =>
    `The Customer API has been failing; the dashboard is giving it a rest. Try again in ${seconds} s.`,
};
