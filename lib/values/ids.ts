import { z } from "zod";

// Any 8-4-4-4-12 hex id: the spec says UUID but not which version, so no version/variant check.
export const idSchema = z.guid({ error: "must be a UUID" });

export const fundParamsSchema = z.object({ fundId: idSchema });
export const investorParamsSchema = z.object({ fundId: idSchema, investorId: idSchema });

export function isId(value: unknown): value is string {
  return idSchema.safeParse(value).success;
}
