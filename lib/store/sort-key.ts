// How names sort and prefix-match in the store: accents and case folded (so "Émile" sorts with "emile"), then the
// name itself, so equal folds still order the same way every time. Byte order (COLLATE "C") on both stores.

/** A text folded as the store compares it. */
export function folded(text: string): string {
  return text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
}

/** A name's sort key. */
export function sortKey(name: string): string {
  return `${folded(name)}\u0001${name}`;
}
