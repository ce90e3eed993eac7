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
 * Every row's text in a few strings, rows in order: a search scans a string of thousands of rows with indexOf instead
 * of visiting each, and finds a row by its offset. A needle without the separator cannot match across two rows, so a
 * match is exactly a row whose own text holds the needle. Blocks of `blockRows` rows, not one string: a single name
 * outside Latin-1 (Łukasz) makes V8 keep its whole string at two bytes a character, and it is then only its own
 * block's (the one joined string of 100,000 positions took 24 MB).
 */
export class TextBlocks {
  private readonly blocks: Block[] = [];

  constructor(
    texts: readonly string[],
    private readonly blockRows = 2_048,
  ) {
    for (let first = 0; first < texts.length; first += blockRows)
      this.blocks.push(blockOf(first, texts.slice(first, first + blockRows)));
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

  /** The row's text starts with `needle`. */
  startsWith(row: number, needle: string): boolean {
    const { text, start } = this.rowAt(row);
    return text.startsWith(needle, start);
  }

  /** The string holding a row's text, and where the text starts and ends in it (offsets as eachMatch gives them). */
  rowAt(row: number): { text: string; start: number; end: number } {
    const { firstRow, text, starts } = this.blocks[Math.floor(row / this.blockRows)]!;
    return { text, start: starts[row - firstRow]!, end: starts[row - firstRow + 1]! - between.length };
  }
}

function blockOf(firstRow: number, texts: readonly string[]): Block {
  const starts = new Int32Array(texts.length + 1);
  texts.forEach((text, row) => (starts[row + 1] = starts[row]! + text.length + between.length));
  return { firstRow, text: texts.join(between), starts };
}
