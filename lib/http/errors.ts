/** A request the dashboard refuses before doing any work: answered 400 with this message. */
export class BadRequest extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BadRequest";
  }
}

/** Too many attempts from one person or address: answered 429 with Retry-After. */
export class TooManyRequests extends Error {
  readonly retryAfterSeconds: number;

  constructor(message: string, retryAfterSeconds: number) {
    super(message);
    this.name = "TooManyRequests";
    this.retryAfterSeconds = Math.max(1, retryAfterSeconds);
  }
}

/** The request refers to something that has since changed (an older investor list): answered 409. */
export class Conflict extends Error {
  constructor(message: string) {
    super(message);
    this.name = "Conflict";
  }
}

/** A request the dashboard will not serve to this caller (another site asking for a sensitive value): 403. */
export class Forbidden extends Error {
  constructor(message: string) {
    super(message);
    this.name = "Forbidden";
  }
}

/** The dashboard cannot serve this now (too busy, or a store it needs is down): 503 with Retry-After. */
export class ServiceUnavailable extends Error {
  readonly retryAfterSeconds: number;

  constructor(message: string, retryAfterSeconds: number) {
    super(message);
    this.name = "ServiceUnavailable";
    this.retryAfterSeconds = Math.max(1, retryAfterSeconds);
  }
}

/** A request body over the route's cap: 413, refused before it is parsed. */
export class PayloadTooLarge extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PayloadTooLarge";
  }
}
