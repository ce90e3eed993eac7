import { z } from "zod";
import { fundRefSchema } from "./fund-ref";

// Any 8-4-4-4-12 hex id: the spec says UUID but not which version, so no version/variant check.
export const idSchema = z.guid({ error: "must be a UUID" });

// A fund in a path is its ref (the id, or `source~id` with several sources); an investor is the upstream's id.
export const fundParamsSchema = z.object({ fundId: fundRefSchema });
export const investorParamsSchema = z.object({ fundId: fundRefSchema, investorId: idSchema });

export function isId(value: unknown): value is string {
  return idSchema.safeParse(value).success;
}
