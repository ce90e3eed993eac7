import { z } from "zod";

const flag = z
  .enum(["1", "true", "0", "false"], { error: "must be 1, true, 0 or false" })
  .optional()
  .transform((value) => value === "1" || value === "true");

// Control characters have no place in a sort, a search or a filter: refused rather than passed along.
const text = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[^\u0000-\u001f\u007f]*$/, "must not contain control characters")
    .optional();

const csvParamsSchema = z.strictObject(
  {
    sort: text(200),
    q: text(500),
    type: text(500),
    /** Every row, not only the view's. */
    all: flag,
    /** Full tax ids and account numbers instead of the masked ones. */
    sensitive: flag,
    /** A UTF-8 byte-order mark first, for Excel on Windows. */
    bom: flag,
  },
  { error: (issue) => (issue.code === "unrecognized_keys" ? `Unknown parameter: ${issue.keys.join(", ")}` : undefined) },
);

export type CsvParams = z.infer<typeof csvParamsSchema>;

/** The query string of a CSV route, checked: a repeated or unknown parameter is a 400, not a guess. */
export function parseCsvParams(search: URLSearchParams): { params: CsvParams } | { error: string } {
  const entries: Record<string, string> = {};
  for (const key of new Set(search.keys())) {
    if (search.getAll(key).length > 1) return { error: `The parameter "${key}" is given more than once.` };
    entries[key] = search.get(key) ?? "";
  }
  const parsed = csvParamsSchema.safeParse(entries);
  if (parsed.success) return { params: parsed.data };
  const issue = parsed.error.issues[0];
  return { error: issue?.path.length ? `${issue.path.join(".")}: ${issue.message}` : (issue?.message ?? "Bad query.") };
}
