// Statement files read back as a person's tools would: a PDF's text (a PDF text extractor), a zip's entries.
import JSZip from "jszip";
import { extractText } from "unpdf";

/** A PDF's text, every page joined. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  return (await extractText(new Uint8Array(bytes), { mergePages: true })).text;
}

/** A zip's entries by name, each as its bytes. */
export async function zipEntries(bytes: Uint8Array): Promise<Map<string, Uint8Array>> {
  const zip = await JSZip.loadAsync(bytes);
  const entries = new Map<string, Uint8Array>();
  for (const [name, file] of Object.entries(zip.files))
    if (!file.dir) entries.set(name, await file.async("uint8array"));
  return entries;
}

/** A zip of statements as text: each entry's name, then its text (a PDF's extracted, a CSV as it is). */
export async function zipText(bytes: Uint8Array): Promise<string> {
  const parts: string[] = [];
  for (const [name, entry] of await zipEntries(bytes))
    parts.push(name, name.endsWith(".pdf") ? await pdfText(entry) : Buffer.from(entry).toString("utf8"));
  return parts.join("\n");
}
