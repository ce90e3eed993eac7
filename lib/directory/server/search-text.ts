import "server-only";
import { BestMatches, matchRank, wordStartIn } from "./rank";

// Between two rows' texts: a control character, which no search may hold (parseAsSearch refuses them).
const between = "\u0001";

/** A run of consecutive rows' texts in one string. */
interface Block {
  firstRow: number;
  text: string;
  /** Where each of its rows' text starts in `text`; one more entry: where a row after its last would start. */
  starts: Int32Array;
}

/**
 * Every row's search text (and lower-cased name) in a few strings, rows in order: a search scans a string of
 * thousands of rows with indexOf instead of visiting each, and finds a row by its offset. A needle without the
 * separator cannot match across two rows, so a match is exactly a row whose own text holds the needle. Blocks of
 * `blockRows` rows, not one string: a single name outside Latin-1 (Łukasz) makes V8 keep its whole string at two
 * bytes a character, and it is then only its own block's (the one joined string of 100,000 positions took 24 MB).
 */
export class SearchText {
  private readonly blocks: Block[] = [];
  private readonly names: Block[] = [];
  private readonly blockRows: number;

  constructor(haystacks: readonly string[], lowerNames: readonly string[], blockRows = 2_048) {
    this.blockRows = blockRows;
    for (let first = 0; first < haystacks.length; first += blockRows) {
      this.blocks.push(blockOf(first, haystacks.slice(first, first + blockRows)));
      this.names.push(blockOf(first, lowerNames.slice(first, first + blockRows)));
    }
  }

  /** Whether `needle` can be searched here (else the caller matches row by row). */
  static searchable(needle: string): boolean {
    return !needle.includes(between);
  }

  /** Calls `found` with each row whose text holds `needle`, in order, and the offset of its first match. */
  eachMatch(needle: string, found: (row: number, at: number) => void): void {
    for (const { firstRow, text, starts } of this.blocks) {
      let row = 0;
      for (let at = text.indexOf(needle); at !== -1;) {
        while (starts[row + 1]! <= at) row += 1;
        found(firstRow + row, at);
        at = text.indexOf(needle, starts[row + 1]!);
      }
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
    const { firstRow, text, starts } = this.names[Math.floor(row / this.blockRows)]!;
    return text.startsWith(needle, starts[row - firstRow]!);
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

  /** A word of the row's text starts with `needle`; `at` is its first match in the row (as eachMatch gave it). */
  wordStart(row: number, needle: string, at: number): boolean {
    const { firstRow, text, starts } = this.blocks[Math.floor(row / this.blockRows)]!;
    return wordStartIn(text, needle, at, starts[row - firstRow]!, starts[row - firstRow + 1]! - 1);
  }
}

function blockOf(firstRow: number, texts: readonly string[]): Block {
  const starts = new Int32Array(texts.length + 1);
  texts.forEach((text, row) => (starts[row + 1] = starts[row]! + text.length + between.length));
  return { firstRow, text: texts.join(between), starts };
}
