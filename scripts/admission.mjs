// Fair admission of requests to one process's CPU: at most `slots` run at once, one person at most `perPerson` of
// them; the rest wait in one queue per person and are let in by turns, so one person's 200 connections wait behind
// each other, not in front of everyone else. A request that cannot start within `waitMs` is refused (503).

export class Refused extends Error {
  /** @param {number} status @param {string} message @param {number} retryAfterSeconds */
  constructor(status, message, retryAfterSeconds) {
    super(message);
    this.status = status;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export class FairAdmission {
  /** @param {{ slots: number, perPerson: number, waitMs: number, queuedPerPerson: number }} options */
  constructor({ slots, perPerson, waitMs, queuedPerPerson }) {
    this.slots = slots;
    this.perPerson = Math.max(1, Math.min(perPerson, slots));
    this.waitMs = waitMs;
    this.queuedPerPerson = queuedPerPerson;
    this.running = 0;
    /** @type {Map<string, number>} */
    this.runningBy = new Map();
    // Insertion order is the turn order: a person served goes to the back.
    /** @type {Map<string, { start: () => void, timer: NodeJS.Timeout }[]>} */
    this.waiting = new Map();
    this.counts = { admitted: 0, queued: 0, refusedBusy: 0, refusedQueue: 0 };
  }

  /** Resolves with a release function once the request may run; rejects with Refused when it may not. */
  enter(person) {
    if (this.waiting.size === 0 && this.#free(person)) return Promise.resolve(this.#run(person));
    const queue = this.waiting.get(person) ?? [];
    if (queue.length >= this.queuedPerPerson) {
      this.counts.refusedQueue += 1;
      const message = "You have too many requests waiting at once. Wait a moment.";
      return Promise.reject(new Refused(429, message, 1));
    }
    this.counts.queued += 1;
    return new Promise((resolve, reject) => {
      const entry = {
        start: () => resolve(this.#run(person)),
        timer: setTimeout(() => {
          this.#drop(person, entry);
          this.counts.refusedBusy += 1;
          reject(
            new Refused(503, "The dashboard is busy. Retrying shortly…", Math.max(1, Math.ceil(this.waitMs / 2_000))),
          );
        }, this.waitMs),
      };
      queue.push(entry);
      if (!this.waiting.has(person)) this.waiting.set(person, queue);
      // Room may be free for this person while others wait only for their own share.
      this.#pump();
    });
  }

  /** How many requests run and wait now. */
  state() {
    let waiting = 0;
    for (const queue of this.waiting.values()) waiting += queue.length;
    return { running: this.running, waiting, people: this.waiting.size, ...this.counts };
  }

  #free(person) {
    return this.running < this.slots && (this.runningBy.get(person) ?? 0) < this.perPerson;
  }

  #run(person) {
    this.running += 1;
    this.counts.admitted += 1;
    this.runningBy.set(person, (this.runningBy.get(person) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running -= 1;
      const left = this.runningBy.get(person) - 1;
      if (left > 0) this.runningBy.set(person, left);
      else this.runningBy.delete(person);
      this.#pump();
    };
  }

  #drop(person, entry) {
    const queue = this.waiting.get(person);
    if (!queue) return;
    const at = queue.indexOf(entry);
    if (at !== -1) queue.splice(at, 1);
    if (queue.length === 0) this.waiting.delete(person);
  }

  /** Lets waiting requests in while there is room, each person in turn. */
  #pump() {
    let progressed = true;
    while (this.running < this.slots && this.waiting.size > 0 && progressed) {
      progressed = false;
      for (const [person, queue] of this.waiting) {
        if (!this.#free(person)) continue;
        const entry = queue.shift();
        this.waiting.delete(person);
        // Served: to the back of the turn order, if it still waits.
        if (queue.length > 0) this.waiting.set(person, queue);
        clearTimeout(entry.timer);
        entry.start();
        progressed = true;
        break;
      }
    }
  }
}
