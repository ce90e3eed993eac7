/** What a list read builds from its records one by one, made anew for every attempt (a retry starts over). */
export interface ListCollector<T, R> {
  add(item: T): void;
  done(): R;
}

export function intoArray<T>(): ListCollector<T, T[]> {
  const items: T[] = [];
  return { add: (item) => items.push(item), done: () => items };
}
