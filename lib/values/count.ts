// Counts as people read them: separators ("2,000"), and the noun's form chosen by the language's plural rules.
const numbers = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
const rules = new Intl.PluralRules("en-US");

/** The form of a noun (or noun and verb: "investor lacks") that goes with a count; `other` for irregular plurals. */
export function pluralOf(count: number, one: string, other = `${one}s`): string {
  return rules.select(count) === "one" ? one : other;
}

/** "2,000 positions", "1 position", "3 entries" (countOf(3, "entry", "entries")). */
export function countOf(count: number, one: string, other = `${one}s`): string {
  return `${numbers.format(count)} ${pluralOf(count, one, other)}`;
}
