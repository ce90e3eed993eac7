import "server-only";

/**
 * Hands what a callback produces to an async iterator, one item at a time: the producer waits until the consumer has
 * taken each (backpressure), and stops with an error once the consumer goes away.
 */
export async function* produced<T>(produce: (emit: (item: T) => Promise<void>) => Promise<void>): AsyncGenerator<T> {
  const items: T[] = [];
  let wake: () => void = () => {};
  let taken: () => void = () => {};
  let done = false;
  let failure: unknown = null;
  let gone = false;
  const emit = (item: T) => {
    if (gone) return Promise.reject(new Error("the reader went away"));
    items.push(item);
    wake();
    return new Promise<void>((resolve) => (taken = resolve));
  };
  const running = produce(emit).then(
    () => {
      done = true;
      wake();
    },
    (error: unknown) => {
      failure = error;
      done = true;
      wake();
    },
  );
  try {
    for (;;) {
      if (items.length > 0) {
        const item = items.shift()!;
        taken();
        yield item;
        continue;
      }
      if (done) break;
      await new Promise<void>((resolve) => (wake = resolve));
    }
    await running;
    if (failure) throw failure;
  } finally {
    gone = true;
    taken();
    await running;
  }
}
