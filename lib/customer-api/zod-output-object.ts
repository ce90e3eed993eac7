import type { z } from "zod";

/** A valid value's zod output: the value itself where zod's would equal it (keys and their order), else a copy. */
export type ZodOutput = (valid: unknown) => unknown;

/** A schema whose output cannot be reproduced without zod: the caller keeps to zod's own parse. */
export class UnsupportedSchema extends Error {}

export type JsonType = "string" | "number" | "boolean" | "null" | "undefined" | "object" | "array";

/** How a schema changes a valid value: `run` gives the output; values of the `same` types come out as they are. */
export type Plan = { run: ZodOutput; same: ReadonlySet<JsonType> } | null; // null: every value comes out as it is

type Fields = Record<string, unknown>;

function checkedShape(def: z.core.$ZodObjectDef): { keys: string[]; strip: boolean } {
  const keys = Object.keys(def.shape);
  if (Object.getOwnPropertySymbols(def.shape).length > 0 || keys.some((key) => key in Object.prototype))
    throw new UnsupportedSchema("object keys that JSON values do not read as zod does");
  if (keys.some((key) => /^\d+$/.test(key))) throw new UnsupportedSchema("integer-like object keys");
  const catchall = def.catchall ? (def.catchall as z.core.$ZodTypes)._zod.def.type : undefined;
  if (catchall !== undefined && catchall !== "unknown" && catchall !== "any")
    throw new UnsupportedSchema(`object catchall ${catchall}`);
  return { keys, strip: catchall === undefined };
}

/** Whether the keys are in the order of zod's output (declared ones in the schema's order, then others), none dropped. */
function orderCheck(keys: string[], strip: boolean): (input: Fields) => boolean {
  const position = new Map(keys.map((key, index) => [key, index]));
  return (input) => {
    let last = -1;
    let others = false;
    for (const key in input) {
      const index = position.get(key);
      if (index === undefined) {
        if (strip || key === "__proto__") return false;
        others = true;
      } else if (others || index < last) return false;
      else last = index;
    }
    return true;
  };
}

/**
 * The source of one object's output function: code per field (a literal key, as zod's own compiled objects
 * have), so each object of the schema gets loads of its own that stay fast. Keys are written with
 * JSON.stringify, which makes any string a safe JavaScript literal.
 */
function source(keys: string[], plans: Plan[], strip: boolean): string {
  const unchanged = (plan: Plan) =>
    plan === null
      ? "true"
      : `(typeof before === "string" ? ${plan.same.has("string")} : before === null && ${plan.same.has("null")})`;
  const present = (key: string) => `(before !== undefined || ${key} in input)`;
  const inPlace: string[] = [];
  const rebuilt: string[] = [];
  keys.forEach((name, index) => {
    const key = JSON.stringify(name);
    const plan = plans[index] ?? null;
    const output = `(${unchanged(plan)} ? before : plans[${index}](before))`;
    rebuilt.push(`before = input[${key}]; if (${present(key)}) output[${key}] = ${output};`);
    if (plan === null) return;
    inPlace.push(
      `before = input[${key}];`,
      `if (!${unchanged(plan)} && ${present(key)}) {`,
      `  after = plans[${index}](before); if (after !== before) (copy ??= { ...input })[${key}] = after;`,
      `}`,
    );
  });
  const others = strip
    ? ""
    : `for (const key in input) if (!declared.has(key) && key !== "__proto__") output[key] = input[key];`;
  return `return function (input) {
    let before, after, copy;
    const known = last.keys;
    let index = 0;
    let same = true;
    for (const key in input) if (key !== known[index++]) { same = false; break; }
    if (!same || index !== known.length) {
      if (inOrder(input)) last.keys = Object.keys(input);
      else {
        const output = {};
        ${rebuilt.join("\n")}
        ${others}
        return output;
      }
    }
    ${inPlace.join("\n")}
    return copy ?? input;
  };`;
}

/**
 * An object's output as zod builds it: the declared keys present, in the schema's order, each through its own
 * schema; then the other keys as `for...in` finds them (kept by a loose object, dropped by a plain one), never
 * `__proto__`. When the value's keys are already in that order and no field changes, the value itself (records
 * of one list mostly share their keys: the last key list found in order is compared first).
 */
export function objectPlan(def: z.core.$ZodObjectDef, planOf: (schema: z.core.$ZodType) => Plan): ZodOutput {
  const { keys, strip } = checkedShape(def);
  const plans = keys.map((key) => planOf(def.shape[key]!));
  const runs = plans.map((plan) => plan?.run);
  const make = new Function("plans", "inOrder", "declared", "last", source(keys, plans, strip));
  return make(runs, orderCheck(keys, strip), new Set(keys), { keys: [] }) as ZodOutput;
}
