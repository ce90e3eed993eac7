import { z } from "zod";

// A fund as the dashboard links it (issue 28): the upstream's id in a deployment with one source, `source~id` with
// several, so two sources holding the same fund id stay two links. Browser-safe: only the server makes refs.

const guid = "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}";
const refPattern = new RegExp(`^(?:([a-z0-9][a-z0-9-]{0,31})~)?(${guid})$`);

/** A fund's ref in a path: a UUID, or a source's name, `~` and a UUID. */
export const fundRefSchema = z.string().regex(refPattern, { error: "must be a UUID" });

export function isFundRef(value: unknown): value is string {
  return typeof value === "string" && refPattern.test(value);
}

/** A ref's parts: the source it names (null for a bare id) and the upstream's fund id. */
export function splitFundRef(ref: string): { source: string | null; fundId: string } | null {
  const match = refPattern.exec(ref);
  return match ? { source: match[1] ?? null, fundId: match[2]! } : null;
}

/** The ref of a fund: its bare id when the deployment reads one source. */
export function joinFundRef(source: string, fundId: string, single: boolean): string {
  return single ? fundId : `${source}~${fundId}`;
}
