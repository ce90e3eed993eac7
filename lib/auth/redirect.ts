// Relative targets are resolved against a stand-in origin: only the path and query of our own site are kept.
const base = "http://dashboard.invalid";
const fallback = "/funds";

function sameSitePath(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return null;
  }
  return url.origin === base ? `${url.pathname}${url.search}` : null;
}

/**
 * Where to go after sign-in: the target parsed by the URL parser (which drops tabs and newlines, reads `\` as `/`
 * and resolves dot segments, as browsers do), kept only if it stays on this site; anything else is /funds.
 */
export function safeNext(value: unknown): string {
  if (typeof value !== "string" || value === "") return fallback;
  const path = sameSitePath(value);
  // Dot segments can turn `/.//evil.example` into `//evil.example`, which a browser reads as another host.
  return path !== null && sameSitePath(path) === path ? path : fallback;
}
