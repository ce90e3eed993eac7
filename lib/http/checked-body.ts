import type { z } from "zod";
import { problemField } from "../values/problem-field";
import { BadField } from "./errors";

/** A JSON body checked against its schema: its value, or a 400 naming the first field wrong. */
export function checkedBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  throw new BadField(problemField(parsed.error), parsed.error.issues[0]?.message ?? "is not valid");
}
