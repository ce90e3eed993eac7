import "server-only";
import { TextBlocks } from "../../table/text-blocks";
import { BestMatches, matchRank, wordStartIn } from "./rank";

/**
 * Every row's search text and lower-cased name, in blocks (`TextBlocks`): the directory's searches scan them with
 * indexOf, and rank what they find.
 */
export class SearchText {
  private readonly texts: TextBlocks;
  private readonly names: TextBlocks;

  constructor(haystacks: readonly string[], lowerNames: readonly string[], blockRows = 2_048) {
    this.texts = new TextBlocks(haystacks, blockRows);
    this.names = new TextBlocks(lowerNames, blockRows);
  }

  /** Whether `needle` can be searched here (else the caller matches row by row). */
  static searchable(needle: string): boolean {
    return TextBlocks.searchable(needle);
  }

  /** Calls `found` with each row whose text holds `needle`, in order, and the offset of its first match. */
  eachMatch(needle: string, found: (row: number, at: number) => void): void {
    this.texts.eachMatch(needle, found);
  }

  /** The rows whose text holds `needle`, in order. */
  rowsHolding(needle: string): number[] {
    return this.texts.rowsHolding(needle);
  }

  /** The row's lower-cased name starts with `needle`. */
  nameStartsWith(row: number, needle: string): boolean {
    return this.names.startsWith(row, needle);
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
    const { text, start, end } = this.texts.rowAt(row);
    return wordStartIn(text, needle, at, start, end);
  }
}
