import "server-only";

/**
 * Items whose text holds what was typed, best first: the name starting with it, then a word starting with it, then
 * anywhere; ties by name. `haystack` is lower-case text with its parts separated by NUL.
 */
export function rankMatches<T>(
  items: readonly T[],
  typed: string,
  name: (item: T) => string,
  haystack: (item: T) => string,
  limit: number,
): T[] {
  const needle = typed.trim().toLowerCase();
  if (needle === "") return [];
  const ranked: { rank: number; item: T; name: string }[] = [];
  for (const item of items) {
    const text = haystack(item);
    const at = text.indexOf(needle);
    if (at === -1) continue;
    const itemName = name(item);
    const rank = itemName.toLowerCase().startsWith(needle) ? 0 : wordStart(text, needle) ? 1 : 2;
    ranked.push({ rank, item, name: itemName });
  }
  ranked.sort((a, b) => a.rank - b.rank || a.name.localeCompare(b.name));
  return ranked.slice(0, limit).map(({ item }) => item);
}

function wordStart(text: string, needle: string): boolean {
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + 1)) {
    if (at === 0 || /[\s\u0000@.,'(-]/.test(text[at - 1]!)) return true;
  }
  return false;
}
