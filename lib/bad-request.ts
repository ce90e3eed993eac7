/** A request the dashboard refuses before doing any work: answered 400 with this message. */
export class BadRequest extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BadRequest";
  }
}
