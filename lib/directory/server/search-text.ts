import "server-only";
import { BestMatches, matchRank, wordStartIn } from "./rank";

// Between two rows' texts: a control character, which no search may hold (parseAsSearch refuses them).
const between = "\u0001";

/**
 * Every row's search text (and lower-cased name) in one string, rows in order: a search scans one string with
 * indexOf instead of visiting 80,000 of them, and finds a row by its offset. A needle without the separator
 * cannot match across two rows, so a match is exactly a row whose own text holds the needle.
 */
export class SearchText {
  private readonly text: string;
  /** Where each row's text starts in `text`; one more entry: where a row after the last would start. */
  private readonly starts: Int32Array;
  private readonly names: string;
  private readonly nameOffsets: Int32Array;

  constructor(haystacks: readonly string[], lowerNames: readonly string[]) {
    this.text = haystacks.join(between);
    this.starts = startsOf(haystacks);
    this.names = lowerNames.join(between);
    this.nameOffsets = startsOf(lowerNames);
  }

  /** Whether `needle` can be searched here (else the caller matches row by row). */
  static searchable(needle: string): boolean {
    return !needle.includes(between);
  }

  /** Calls `found` with each row whose text holds `needle`, in order, and the offset of its first match. */
  eachMatch(needle: string, found: (row: number, at: number) => void): void {
    let row = 0;
    for (let at = this.text.indexOf(needle); at !== -1;) {
      while (this.starts[row + 1]! <= at) row += 1;
      found(row, at);
      at = this.text.indexOf(needle, this.starts[row + 1]!);
    }
  }

  /** The rows whose text holds `needle`, in order. */
  rowsHolding(needle: string): number[] {
    const rows: number[] = [];
    this.eachMatch(needle, (row) => rows.push(row));
    return rows;
  }

  /** The row's lower-cased name starts with `needle`. */
  nameStartsWith(row: number, needle: string): boolean {
    return this.names.startsWith(needle, this.nameOffsets[row]!);
  }

  /** The best `limit` rows for what was typed, as rankMatches ranks them; `name` gives a row's name for ties. */
  best(needle: string, limit: number, name: (row: number) => string): number[] {
    if (needle === "") return [];
    const best = new BestMatches<number>(limit);
    this.eachMatch(needle, (row, at) => {
      const prefix = this.nameStartsWith(row, needle);
      // Full of names starting with it: a match that is only a word or a part cannot enter.
      if (!prefix && !best.admits(1)) return;
      best.offer(
        matchRank(prefix, () => this.wordStart(row, needle, at)),
        row,
        name(row),
      );
    });
    return best.items();
  }

  /** A word of the row's text starts with `needle`; `at` is its first match in the row. */
  wordStart(row: number, needle: string, at: number): boolean {
    return wordStartIn(this.text, needle, at, this.starts[row]!, this.starts[row + 1]! - 1);
  }
}

function startsOf(texts: readonly string[]): Int32Array {
  const starts = new Int32Array(texts.length + 1);
  texts.forEach((text, row) => (starts[row + 1] = starts[row]! + text.length + between.length));
  return starts;
}
