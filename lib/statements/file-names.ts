// A zip entry's name from an investor's name and id: safe on every operating system (no path separators, reserved
// characters, control characters or trailing dots and spaces; the id keeps it unique and never a reserved name).

const unsafe = /[\u0000-\u001f\u007f<>:"/\\|?*\u2028\u2029]+/g;

/** `Name-<id>.pdf`, the name cut to 60 characters; a name seen already gets `-2`, `-3`… */
export function zipEntryName(name: string, id: string, seen: Set<string>): string {
  const cleaned = name
    .normalize("NFC")
    .replace(unsafe, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 60)
    .replace(/[. ]+$/g, "")
    .replace(/^[. ]+/g, "");
  const safeId = id.replace(/[^A-Za-z0-9-]/g, "").slice(0, 64) || "investor";
  const base = `${cleaned ? `${cleaned}-` : ""}${safeId}`;
  let candidate = `${base}.pdf`;
  for (let count = 2; seen.has(candidate.toLowerCase()); count++) candidate = `${base}-${count}.pdf`;
  seen.add(candidate.toLowerCase());
  return candidate;
}
