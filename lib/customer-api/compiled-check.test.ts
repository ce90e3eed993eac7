import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createDemoStore } from "../demo-api/store";
import { compiledCheck } from "./compiled-check";
import { fundListSchema, fundSchema, investorListSchema, investorSchema } from "./schemas";

/** The compiled check and zod's safeParse give the same answer: the same value (keys in the same order), or the same issues. */
function expectAgreement(schema: z.ZodType, value: unknown): void {
  const before = JSON.stringify(value);
  const fast = compiledCheck(schema)(value);
  const zod = schema.safeParse(value);
  expect(fast.success).toBe(zod.success);
  if (zod.success) {
    expect(JSON.stringify(fast.data)).toBe(JSON.stringify(zod.data));
    expect(fast.data).toStrictEqual(zod.data);
  } else expect(fast.error?.issues).toEqual(zod.error.issues);
  expect(JSON.stringify(value)).toBe(before); // the value read is never changed
}

const wire = (value: unknown): unknown => JSON.parse(JSON.stringify(value));
const demoLists = (["examples", "reference"] as const).map((shape) => {
  const store = createDemoStore({ seed: 7, fundCount: 6, fundSizes: [40, 25], shape });
  return {
    shape,
    funds: JSON.parse(store.fundsBody.toString("utf8")) as unknown[],
    lists: store.funds.map((fund) => JSON.parse(store.investorPage(fund.id)!.body.toString("utf8")) as unknown[]),
  };
});

// Hostile values for any field: JSON of every kind, and keys that JSON and JavaScript read differently.
const oddKey = fc.constantFrom("__proto__", "constructor", "toString", "0", "17", "Tax-ID", "SSN", "tax_id", "id", "");
const hostile = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(oddKey, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }).map((fields) => {
    const text = `{${Object.entries(fields)
      .map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)}`)
      .join(",")}}`;
    return JSON.parse(text) as unknown; // JSON.parse keeps "__proto__" as an own key, as the reader's parse does
  }),
);

/** A valid record with one field replaced, one key added and its keys perhaps reordered. */
function mutated(record: Record<string, unknown>, path: string[], key: string, value: unknown, shuffle: boolean) {
  const copy = wire(record) as Record<string, unknown>;
  let node: Record<string, unknown> = copy;
  for (const step of path.slice(0, -1)) {
    const next = node[step];
    if (next === null || typeof next !== "object" || Array.isArray(next)) break;
    node = next as Record<string, unknown>;
  }
  node[path.at(-1)!] = value;
  const text = `{${JSON.stringify(key)}:${JSON.stringify(value) ?? "null"},${JSON.stringify(copy).slice(1)}`;
  const parsed = JSON.parse(text) as Record<string, unknown>;
  return shuffle ? JSON.parse(JSON.stringify(Object.fromEntries(Object.entries(parsed).reverse()))) : parsed;
}

describe("compiledCheck", () => {
  it("takes the JSON Schema path for every schema of the spec", () => {
    for (const schema of [fundSchema, fundListSchema, investorSchema, investorListSchema] as z.ZodType[])
      expect(compiledCheck(schema).compiled).toBe(true);
  });

  it.each(demoLists)("gives zod's output for every record of the demo API ($shape shape)", ({ funds, lists }) => {
    expectAgreement(fundListSchema, funds);
    for (const list of lists) {
      expectAgreement(investorListSchema, list);
      for (const record of list) expectAgreement(investorSchema, record);
    }
  });

  it("gives zod's answer for demo records with a hostile field, key or key order", () => {
    const records = demoLists.flatMap(({ lists }) => lists.flat()) as Record<string, unknown>[];
    const fields = ["id", "tax_id", "commitment_amount", "investment_account", "team_members", "primary_contact"];
    const paths = [...fields.map((field) => [field]), ["investment_account", "bank"], ["investment_account", "tax_id"]];
    fc.assert(
      fc.property(
        fc.constantFrom(...records),
        fc.constantFrom(...paths),
        oddKey,
        hostile,
        fc.boolean(),
        (record, path, key, value, shuffle) => {
          const changed = mutated(record, path, key, value, shuffle);
          expectAgreement(investorSchema, changed);
          expectAgreement(investorListSchema, [record, changed]);
        },
      ),
      { numRuns: 400 },
    );
  });

  it("gives zod's answer for any JSON at all, and for numbers JSON.parse reads as infinite", () => {
    fc.assert(fc.property(hostile, (value) => expectAgreement(investorSchema, value)));
    expectAgreement(investorSchema, JSON.parse('{"id":"a","commitment_amount":1e400}'));
    expectAgreement(fundSchema, JSON.parse('{"id":"a","investor_count":-1e400}'));
    expectAgreement(investorSchema, JSON.parse('{"id":"","tax_id":true,"carry_percent":-0}'));
  });

  it("follows zod for stripped keys, transforms in arrays and unions told apart by type", () => {
    const schema = z.object({
      list: z.array(z.union([z.string(), z.number().transform((n) => (n > 0 ? n * 2 : null))])).optional(),
      nested: z
        .looseObject({ flag: z.boolean(), word: z.string().min(2).nullish() })
        .nullable()
        .optional(),
    });
    expect(compiledCheck(schema).compiled).toBe(true);
    const input = fc.record(
      { list: fc.array(fc.oneof(fc.string(), fc.integer(), fc.boolean())), nested: hostile, extra: hostile },
      { requiredKeys: [] },
    );
    fc.assert(fc.property(input, (value) => expectAgreement(schema, wire(value))));
  });

  it("lets zod answer when a transform reports an issue", () => {
    const schema = z.object({
      n: z.number().transform((n, ctx) => {
        if (n < 0) ctx.addIssue({ code: "custom", message: "negative" });
        return n + 1;
      }),
    });
    expect(compiledCheck(schema).compiled).toBe(true);
    for (const n of [1, -1, 0, -0.5]) expectAgreement(schema, { n });
  });

  it("leaves to zod what JSON Schema cannot say exactly, with the same answers", () => {
    const refined = z.object({ email: z.email(), n: z.number().refine((n) => n > 1) });
    const defaulted = z.object({ n: z.number().default(3) });
    for (const schema of [refined, defaulted]) {
      expect(compiledCheck(schema).compiled).toBe(false);
      for (const value of [{ email: "a@b.co", n: 2 }, { email: "nope", n: 0 }, {}])
        expectAgreement(schema as z.ZodType, value);
    }
  });
});
