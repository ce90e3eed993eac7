// How names sort and prefix-match in the store: accents and case folded (so "Émile" sorts with "emile"), in byte order
// (COLLATE "C") on both stores; equal folds are ordered by the row's own tie-break.

/** A text folded as the store compares it. */
export function folded(text: string): string {
  return text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
}

/** A name's sort key. */
export function sortKey(name: string): string {
  return folded(name);
}
