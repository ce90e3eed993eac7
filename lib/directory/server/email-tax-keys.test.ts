import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EmailTaxKeys } from "./email-tax-keys";

describe("an email's tax keys", () => {
  it("counts each key as a map of counts would, through every add and remove", () => {
    const step = fc.record({
      add: fc.boolean(),
      email: fc.constantFrom("a@x", "b@x"),
      tax: fc.constantFrom("T1", "T2"),
    });
    fc.assert(
      fc.property(fc.array(step, { maxLength: 30 }), (steps) => {
        const keys = new EmailTaxKeys();
        const counts = new Map<string, Map<string, number>>();
        for (const { add, email, tax } of steps) {
          const of = counts.get(email) ?? new Map<string, number>();
          const count = of.get(tax) ?? 0;
          // Only what was added is removed, as the builder does.
          if (!add && count === 0) continue;
          if (add) keys.add(email, tax);
          else keys.remove(email, tax);
          if (count + (add ? 1 : -1) === 0) of.delete(tax);
          else of.set(tax, count + (add ? 1 : -1));
          counts.set(email, of);
          for (const each of ["a@x", "b@x"]) {
            const expected = [...(counts.get(each)?.keys() ?? [])].sort();
            expect([...keys.keys(each)].sort()).toEqual(expected);
            expect(keys.size(each)).toBe(expected.length);
          }
        }
      }),
    );
  });

  it("keeps a key added twice until it is removed twice", () => {
    const keys = new EmailTaxKeys();
    keys.add("a@x", "T1");
    keys.add("a@x", "T1");
    keys.remove("a@x", "T1");
    expect([...keys.keys("a@x")]).toEqual(["T1"]);
    keys.remove("a@x", "T1");
    expect(keys.size("a@x")).toBe(0);
  });
});
