import "server-only";

/** In-process locks by name, for the embedded store (one process holds its folder, so this is every holder). */
export class NamedMutex {
  private readonly tails = new Map<string, Promise<void>>();

  /** Runs `fn` once the name is free, or gives up after `waitMs` (null). */
  async run<T>(name: string, waitMs: number, fn: () => Promise<T>): Promise<{ value: T } | null> {
    const previous = this.tails.get(name) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((done) => (release = done));
    const tail = previous.then(() => mine);
    this.tails.set(name, tail);
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<"timeout">((done) => (timer = setTimeout(() => done("timeout"), waitMs)));
    const turn = await Promise.race([previous.then(() => "turn" as const), timedOut]);
    clearTimeout(timer);
    try {
      // Given up: the turn still comes, and passes straight on to whoever waits behind.
      if (turn === "timeout") return null;
      return { value: await fn() };
    } finally {
      release();
      if (this.tails.get(name) === tail) void tail.then(() => this.tails.get(name) === tail && this.tails.delete(name));
    }
  }

  /** Runs `fn` only if nobody holds the name now (null otherwise). */
  async tryRun<T>(name: string, fn: () => Promise<T>): Promise<{ value: T } | null> {
    if (this.tails.has(name)) return null;
    return this.run(name, 0, fn);
  }
}
