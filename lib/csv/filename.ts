/** Today's date in UTC as YYYY-MM-DD, for file names. */
export function today(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

function asciiSlug(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .toLowerCase();
}

/**
 * `attachment` with a readable ASCII file name and, when the name has other characters, an RFC 5987
 * `filename*` that keeps them.
 */
export function contentDisposition(baseName: string, suffix: string): string {
  const ascii = `${asciiSlug(baseName) || "export"}${suffix}`;
  const full = `${baseName.trim()}${suffix}`;
  const needsUtf8 = /[^\x20-\x7e]/.test(full) || full !== ascii;
  const encoded = encodeURIComponent(full).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"${needsUtf8 ? `; filename*=UTF-8''${encoded}` : ""}`;
}
