// Text typed by people (notes, view names) is shown as text: only its web links are made clickable, nothing else is
// read as markup. Browser-safe.

export type TextPart = { text: string } | { text: string; href: string };

// An http(s) address runs to the next space or quote-like character; what a sentence puts after it is not part of it.
const address = /\bhttps?:\/\/[^\s<>"'`]+/gi;
const trailing = /[.,;:!?)\]}]+$/;

/** A web address as a link may open it: http or https, with a host; null for anything else. */
function linkHref(candidate: string): string | null {
  try {
    const url = new URL(candidate);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "" ? url.href : null;
  } catch {
    return null;
  }
}

/** The text in order, each http(s) address a link part and everything else plain text. */
export function textParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  for (const match of text.matchAll(address)) {
    const start = match.index;
    const found = match[0].replace(trailing, "");
    const href = linkHref(found);
    if (href === null) continue;
    if (start > at) parts.push({ text: text.slice(at, start) });
    parts.push({ text: found, href });
    at = start + found.length;
  }
  if (at < text.length) parts.push({ text: text.slice(at) });
  return parts;
}
