export class Refused extends Error {
  constructor(status: number, message: string, retryAfterSeconds: number);
  readonly status: number;
  readonly retryAfterSeconds: number;
}

export class FairAdmission {
  constructor(options: { slots: number; perPerson: number; waitMs: number; queuedPerPerson: number });
  enter(person: string): Promise<() => void>;
  state(): {
    running: number;
    waiting: number;
    people: number;
    admitted: number;
    queued: number;
    refusedBusy: number;
    refusedQueue: number;
  };
}
