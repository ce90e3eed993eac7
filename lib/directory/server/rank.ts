import "server-only";

// What String.prototype.localeCompare compares with when given no locale: made once, not per comparison.
const collator = new Intl.Collator();

interface Kept<T> {
  rank: number;
  item: T;
  name: string;
}

/**
 * The best `limit` matches offered, best first: lower rank first, then by name, then the one offered first (as a
 * stable sort of every match by rank and name, cut to `limit`, would keep them). Only a sorted handful is held.
 */
export class BestMatches<T> {
  private readonly best: Kept<T>[] = [];

  constructor(private readonly limit: number) {}

  /** Whether a match of this rank could still enter (one of a lower rank can, ties depend on the name). */
  admits(rank: number): boolean {
    if (this.limit <= 0) return false;
    return this.best.length < this.limit || this.best[this.limit - 1]!.rank >= rank;
  }

  offer(rank: number, item: T, name: string): void {
    if (!this.admits(rank)) return;
    const before = (kept: Kept<T>) =>
      kept.rank < rank || (kept.rank === rank && collator.compare(kept.name, name) <= 0);
    // Not better than the last kept (a tie goes to the one offered earlier): it would be cut.
    if (this.best.length === this.limit && before(this.best[this.limit - 1]!)) return;
    let at = this.best.length;
    while (at > 0 && !before(this.best[at - 1]!)) at -= 1;
    this.best.splice(at, 0, { rank, item, name });
    if (this.best.length > this.limit) this.best.pop();
  }

  items(): T[] {
    return this.best.map(({ item }) => item);
  }
}

/** 0 when the name starts with the needle, 1 when a word of the text does, else 2. */
export const matchRank = (nameStarts: boolean, wordStarts: () => boolean) => (nameStarts ? 0 : wordStarts() ? 1 : 2);

/** A word of `text` (lower case, parts separated by NUL) starts with `needle` at or after `from`, before `end`. */
export function wordStartIn(text: string, needle: string, from = 0, start = 0, end = text.length): boolean {
  for (let at = text.indexOf(needle, from); at !== -1 && at + needle.length <= end; at = text.indexOf(needle, at + 1)) {
    if (at === start || /[\s\u0000@.,'(-]/.test(text[at - 1]!)) return true;
  }
  return false;
}

/**
 * Items whose text holds what was typed, best first: the name starting with it, then a word starting with it, then
 * anywhere; ties by name, then by their order in `items`. `haystack` is lower-case text with its parts separated by
 * NUL.
 */
export function rankMatches<T>(
  items: Iterable<T>,
  typed: string,
  name: (item: T) => string,
  haystack: (item: T) => string,
  limit: number,
): T[] {
  const needle = typed.trim().toLowerCase();
  if (needle === "") return [];
  const best = new BestMatches<T>(limit);
  for (const item of items) {
    const text = haystack(item);
    const at = text.indexOf(needle);
    if (at === -1) continue;
    const prefix = name(item).toLowerCase().startsWith(needle);
    // Full of names starting with it: a match that is only a word or a part cannot enter.
    if (!prefix && !best.admits(1)) continue;
    best.offer(
      matchRank(prefix, () => wordStartIn(text, needle, at)),
      item,
      name(item),
    );
  }
  return best.items();
}
