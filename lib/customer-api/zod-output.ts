import type { z } from "zod";
import { objectPlan, UnsupportedSchema, type JsonType, type Plan, type ZodOutput } from "./zod-output-object";

export { UnsupportedSchema, type ZodOutput } from "./zod-output-object";

/** A transform reported an issue or went async: zod's own parse must answer for this value. */
export class AskZod extends Error {}

const jsonTypes: readonly JsonType[] = ["string", "number", "boolean", "null", "undefined", "object", "array"];
const jsonType = (value: unknown) =>
  (value === null ? "null" : Array.isArray(value) ? "array" : typeof value) as JsonType;

// Checks that only accept or refuse, each expressed exactly by the JSON Schema (minLength counts code points,
// zod's min UTF-16 units: JSON Schema refuses no more than zod, and a refusal goes to zod's parse anyway).
const pureChecks = new Set(["min_length"]);
const scalars = new Set(["string", "number", "boolean", "null", "unknown", "any", "literal", "enum"]);
const issues: unknown[] = [];
// What zod hands a transform: the value, its issues and addIssue (any issue sends the value to zod's own parse).
const payload = { value: undefined as unknown, issues, addIssue: (issue: unknown) => void issues.push(issue) };
type Transform = (input: unknown, ctx: typeof payload) => unknown;

function transformed(transform: Transform, value: unknown): unknown {
  issues.length = 0;
  payload.value = value;
  const output = transform(value, payload);
  if (issues.length > 0 || output instanceof Promise) throw new AskZod();
  return output;
}

const defOf = (schema: z.core.$ZodType) => (schema as z.core.$ZodTypes)._zod.def;

/** The run with the `same` types answered before any call: most fields are strings or null. */
function guarded(same: ReadonlySet<JsonType>, run: ZodOutput): ZodOutput {
  const [string, nil, absent] = [same.has("string"), same.has("null"), same.has("undefined")];
  return (value) =>
    (typeof value === "string" ? string : value === null ? nil : value === undefined ? absent : false)
      ? value
      : run(value);
}

function widened(plan: Plan, type: JsonType): Plan {
  if (!plan) return null;
  const same = new Set([...plan.same, type]);
  return { run: guarded(same, plan.run), same };
}

/** The JSON types of which the schema accepts every value (zod's union takes the first option that passes). */
function covers(schema: z.core.$ZodType): JsonType[] | null {
  const def = defOf(schema);
  if ((def.checks ?? []).length > 0) return null;
  if (def.type === "unknown" || def.type === "any") return [...jsonTypes];
  if (def.type === "string" || def.type === "number" || def.type === "boolean" || def.type === "null")
    return [def.type];
  if (def.type === "optional" || def.type === "nullable") {
    const inner = covers(def.innerType);
    return inner && [...inner, def.type === "optional" ? "undefined" : "null"];
  }
  if (def.type === "pipe") return covers(def.in); // a transform's issue sends the whole value to zod
  if (def.type !== "union") return null;
  const options = def.options.map(covers);
  return options.every((types) => types !== null) ? options.flat() : null;
}

function unionPlan(options: readonly z.core.$ZodType[]): Plan {
  const plans = options.map(planOf);
  if (plans.every((plan) => plan === null)) return null;
  const handlers = new Map<JsonType, ZodOutput | null>();
  options.forEach((option, index) => {
    const types = covers(option);
    if (!types) throw new UnsupportedSchema("a union option that changes values and refuses some of its type");
    for (const type of types) if (!handlers.has(type)) handlers.set(type, plans[index]?.run ?? null);
  });
  const same = new Set([...handlers].filter(([, run]) => run === null).map(([type]) => type));
  const dispatch: ZodOutput = (value) => {
    const run = handlers.get(jsonType(value));
    return run ? run(value) : value;
  };
  return { run: guarded(same, dispatch), same };
}

function arrayPlan(element: ZodOutput): ZodOutput {
  return (value) => {
    const items = value as unknown[];
    let copy: unknown[] | undefined;
    for (let index = 0; index < items.length; index += 1) {
      const item = items[index];
      const next = element(item);
      if (next !== item) (copy ??= items.slice())[index] = next;
    }
    return copy ?? items;
  };
}

function pipePlan(def: z.core.$ZodPipeDef): Plan {
  const out = defOf(def.out);
  if (out.type !== "transform") throw new UnsupportedSchema("a pipe into a schema"); // its input is never checked
  const first = planOf(def.in)?.run;
  const transform = out.transform as Transform;
  const run: ZodOutput = first
    ? (value) => transformed(transform, first(value))
    : (value) => transformed(transform, value);
  return { run, same: new Set() };
}

function planOf(schema: z.core.$ZodType): Plan {
  const def = defOf(schema);
  for (const check of def.checks ?? [])
    if (!pureChecks.has(check._zod.def.check)) throw new UnsupportedSchema(`check ${check._zod.def.check}`);
  if (scalars.has(def.type)) return null;
  switch (def.type) {
    case "optional":
      return widened(planOf(def.innerType), "undefined");
    case "nullable":
      return widened(planOf(def.innerType), "null");
    case "union":
      return unionPlan(def.options);
    case "array": {
      const element = planOf(def.element);
      return element && { run: arrayPlan(element.run), same: new Set() };
    }
    case "object":
      return { run: objectPlan(def, planOf), same: new Set() };
    case "pipe":
      return pipePlan(def);
    default:
      throw new UnsupportedSchema(`schema type ${def.type}`);
  }
}

/**
 * What zod's parse makes of a value already known to be valid (checked against the schema's JSON Schema): the
 * value itself where zod's output would equal it key for key and in the same key order, else a copy built the
 * way zod builds one (declared keys in the schema's order, then the others; transforms applied). Parts that need
 * no change are shared, never copied. Derived from the zod schema, so the schemas stay written once. Throws
 * UnsupportedSchema for a schema it cannot follow; a transform's issue throws AskZod at run time. A transform may
 * be handed the value read itself rather than zod's fresh copy of it: the schemas' transforms never change their
 * input.
 */
export function zodOutput(schema: z.core.$ZodType): ZodOutput {
  return planOf(schema)?.run ?? ((value) => value);
}
