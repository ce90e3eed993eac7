import { z } from "zod";
import { BadRequest } from "./errors";

/** A yes/no query parameter: 1, true, 0 or false; absent is false. */
export const flag = z
  .enum(["1", "true", "0", "false"], { error: "must be 1, true, 0 or false" })
  .optional()
  .transform((value) => value === "1" || value === "true");

// Control characters have no place in a sort, a search or a filter: refused rather than passed along.
export const text = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[^\u0000-\u001f\u007f]*$/, "must not contain control characters")
    .optional();

/** A whole number in [min, max] written in plain digits; absent gives the fallback. */
export const wholeNumber = (min: number, max: number, fallback?: number) =>
  z
    .string()
    .regex(/^\d{1,15}$/, "must be a whole number")
    .transform(Number)
    .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`))
    .optional()
    .transform((value) => value ?? fallback);

/** A strict object of query parameters whose unknown keys are named in the error. */
export function querySchema<S extends z.ZodRawShape>(shape: S) {
  return z.strictObject(shape, {
    error: (issue) => (issue.code === "unrecognized_keys" ? `Unknown parameter: ${issue.keys.join(", ")}` : undefined),
  });
}

/** A request's query string checked against its schema: a repeated, unknown or malformed parameter is a 400. */
export function queryParamsOf<S extends z.ZodType>(schema: S, request: Request): z.infer<S> {
  const search = new URL(request.url).searchParams;
  const entries: Record<string, string> = {};
  for (const key of new Set(search.keys())) {
    if (search.getAll(key).length > 1) throw new BadRequest(`The parameter "${key}" is given more than once.`);
    entries[key] = search.get(key) ?? "";
  }
  const parsed = schema.safeParse(entries);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new BadRequest(issue?.path.length ? `${issue.path.join(".")}: ${issue.message}` : (issue?.message ?? "Bad query."));
}
