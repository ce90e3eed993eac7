import Ajv2020, { type ValidateFunction } from "ajv/dist/2020";
import { z } from "zod";
import { AskZod, zodOutput, type ZodOutput } from "./zod-output";

/** zod's safeParse, with the same answers; `compiled` says whether the JSON Schema path is taken. */
export type Check<T> = ((value: unknown) => z.ZodSafeParseResult<T>) & { compiled: boolean };

// Strict: a keyword or format the validator does not know fails compiling, never passes values unchecked.
const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: false });
const checks = new WeakMap<z.ZodType, Check<unknown>>();

function compiled(schema: z.ZodType): { validate: ValidateFunction; output: ZodOutput } | null {
  try {
    return { validate: ajv.compile(z.toJSONSchema(schema, { io: "input" })), output: zodOutput(schema) };
  } catch {
    // A schema JSON Schema cannot express (zod throws), or whose output needs zod (UnsupportedSchema): zod alone
    // checks it. A test holds every schema of the spec to the compiled path.
    return null;
  }
}

function create<T>(schema: z.ZodType<T>): Check<T> {
  const fast = compiled(schema);
  if (!fast) return Object.assign((value: unknown) => schema.safeParse(value), { compiled: false });
  const check = (value: unknown): z.ZodSafeParseResult<T> => {
    if (fast.validate(value)) {
      try {
        return { success: true, data: fast.output(value) as T };
      } catch (error) {
        if (!(error instanceof AskZod)) throw error;
      }
    }
    // Refused (or a transform objected): zod's own parse answers, with its issues.
    return schema.safeParse(value);
  };
  return Object.assign(check, { compiled: true });
}

/**
 * The schema's check, compiled once: the value checked against the JSON Schema zod generates from it (no copy
 * made), then zod's output rebuilt only where it differs from the value (zod-output.ts). A value the JSON Schema
 * refuses goes to zod's safeParse, so a failure carries zod's issues and messages. zod stays the contract.
 */
export function compiledCheck<T>(schema: z.ZodType<T>): Check<T> {
  let check = checks.get(schema) as Check<T> | undefined;
  if (!check) {
    check = create(schema);
    checks.set(schema, check as Check<unknown>);
  }
  return check;
}
