import type { z } from "zod";
export const defaultRevokedUsersFile: string;

export const integer: (min: number, max: number, fallback: number) => z.ZodType<number>;
export const processEnvShape: {
  QUEUE_WAIT_MS: z.ZodType<number>;
  REQUEST_SLOTS: z.ZodType<number>;
  WARM_START: z.ZodType<"0" | "1">;
  SHUTDOWN_GRACE_MS: z.ZodType<number>;
};
export function processEnv(env?: Record<string, string | undefined>): {
  QUEUE_WAIT_MS: number;
  REQUEST_SLOTS: number;
  WARM_START: "0" | "1";
  SHUTDOWN_GRACE_MS: number;
};
