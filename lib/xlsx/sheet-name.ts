/** A sheet name Excel accepts: at most 31 characters, none of []:*?/\, not blank, no edge apostrophe. */
export function sheetName(view: string): string {
  const cleaned = view
    .replace(/[[\]:*?/\\]/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^'+|'+$/g, "");
  return cleaned.slice(0, 31).trim() || "Sheet1";
}
