import type { z } from "zod";

export const integer: (
  min: number,
  max: number,
  fallback: number,
) => z.ZodPipe<z.ZodTransform<unknown, unknown>, z.ZodDefault<z.ZodCoercedNumber<unknown>>>;
export const processEnvShape: {
  QUEUE_WAIT_MS: ReturnType<typeof integer>;
  REQUEST_SLOTS: ReturnType<typeof integer>;
  WARM_START: z.ZodPipe<z.ZodTransform<unknown, unknown>, z.ZodDefault<z.ZodEnum<{ "0": "0"; "1": "1" }>>>;
};
export function processEnv(env?: Record<string, string | undefined>): {
  QUEUE_WAIT_MS: number;
  REQUEST_SLOTS: number;
  WARM_START: "0" | "1";
};
