import type { z } from "zod";

/** The field a body's first problem is about ("webhook.url"), for the 400's `field`; "body" for the whole body. */
export function problemField(error: z.ZodError): string {
  const issue = error.issues[0];
  const path = [...(issue?.path ?? []), ...(issue?.code === "unrecognized_keys" ? issue.keys.slice(0, 1) : [])];
  return path.length === 0 ? "body" : path.map(String).join(".");
}
