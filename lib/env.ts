import "server-only";
import { z } from "zod";

const blankToUndefined = (value: unknown) => (value === "" ? undefined : value);
const integer = (min: number, max: number, fallback: number) =>
  z.preprocess(blankToUndefined, z.coerce.number().int().min(min).max(max).default(fallback));

const envSchema = z
  .object({
    CUSTOMER_API_BASE_URL: z.preprocess(
      blankToUndefined,
      z.url({ protocol: /^https?$/, error: "CUSTOMER_API_BASE_URL must be an http(s) URL" }).optional(),
    ),
    CUSTOMER_API_TOKEN: z.preprocess(blankToUndefined, z.string().optional()),
    CUSTOMER_API_TIMEOUT_MS: integer(100, 120_000, 10_000),
    CUSTOMER_API_DEADLINE_MS: integer(100, 300_000, 15_000),
    CUSTOMER_API_RETRIES: integer(0, 5, 2),
    CUSTOMER_API_MAX_BODY_MB: integer(1, 2048, 256),
    DEMO_SEED: integer(0, 2 ** 31, 42),
  })
  .superRefine((env, ctx) => {
    if (env.CUSTOMER_API_BASE_URL && !env.CUSTOMER_API_TOKEN) {
      ctx.addIssue({
        code: "custom",
        path: ["CUSTOMER_API_TOKEN"],
        message: "CUSTOMER_API_BASE_URL is set but CUSTOMER_API_TOKEN is not: set the API token the operator issued",
      });
    }
  });

export type ServerEnv = z.infer<typeof envSchema>;

export class EnvError extends Error {}

/** Reads the environment once; throws an EnvError whose message fits on one line. */
export function readEnv(source: Record<string, string | undefined> = process.env): ServerEnv {
  const parsed = envSchema.safeParse(source);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) =>
    issue.code === "custom" ? issue.message : `${issue.path.join(".")}: ${issue.message}`,
  );
  throw new EnvError(`Fund Explorer configuration error: ${problems.join("; ")}`);
}
