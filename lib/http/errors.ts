// Pages, route handlers and shared chunks each get their own copy of these classes, so `instanceof` checks a
// brand and a kind instead of the prototype chain.
const brand = Symbol.for("fund-explorer.HttpError");

/** An error that is a value with an HTTP status: the dashboard answers it as `{ "error": message }`. */
export class HttpError extends Error {
  readonly [brand] = true;
  static readonly kind: string = "HttpError";
  readonly kind: string;

  static [Symbol.hasInstance](value: unknown): boolean {
    if (typeof value !== "object" || value === null || (value as Record<symbol, unknown>)[brand] !== true) return false;
    return this.kind === "HttpError" || (value as HttpError).kind === this.kind;
  }

  constructor(
    readonly status: number,
    message: string,
    /** When to try again (429, 503). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.kind = (new.target as typeof HttpError).kind;
    this.name = this.kind;
  }
}

/** A request the dashboard refuses before doing any work: answered 400 with this message. */
export class BadRequest extends HttpError {
  static override readonly kind = "BadRequest";
  constructor(message: string) {
    super(400, message);
  }
}

/** A body with one field wrong: answered 400 as `{ "error": "<field>: <why>", "field": "<field>" }`. */
export class BadField extends HttpError {
  static override readonly kind = "BadField";
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(400, message.startsWith(`${field}:`) ? message : `${field}: ${message}`);
  }
}

/** A request the dashboard will not serve to this caller (another site asking for a sensitive value): 403. */
export class Forbidden extends HttpError {
  static override readonly kind = "Forbidden";
  constructor(message: string) {
    super(403, message);
  }
}

/** Nothing of ours answers to this (an unknown investor key): 404. */
export class NotFound extends HttpError {
  static override readonly kind = "NotFound";
  constructor(message: string) {
    super(404, message);
  }
}

/**
 * The request refers to something that has since changed (an older investor list, a note saved meanwhile): answered
 * 409, with what the client needs to catch up (`extra`, beside `error`) when there is something.
 */
export class Conflict extends HttpError {
  static override readonly kind = "Conflict";
  constructor(
    message: string,
    readonly extra: Record<string, unknown> | null = null,
  ) {
    super(409, message);
  }
}

/** A request body over the route's cap: 413, refused before it is parsed. */
export class PayloadTooLarge extends HttpError {
  static override readonly kind = "PayloadTooLarge";
  constructor(message: string) {
    super(413, message);
  }
}

/** Too many attempts from one person or address: answered 429 with Retry-After. */
export class TooManyRequests extends HttpError {
  static override readonly kind = "TooManyRequests";
  constructor(message: string, retryAfterSeconds: number) {
    super(429, message, Math.max(1, retryAfterSeconds));
  }
}

/** The dashboard cannot serve this now (too busy, or a store it needs is down): 503 with Retry-After. */
export class ServiceUnavailable extends HttpError {
  static override readonly kind = "ServiceUnavailable";
  constructor(message: string, retryAfterSeconds: number) {
    super(503, message, Math.max(1, retryAfterSeconds));
  }
}
