import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { findSecret, isSecretKey, maskSecrets, maskSecretsInPlace, normalizedKey } from "./mask";

// Every spelling a masking layer must catch, and the neighbours it must leave alone.
const secretSpellings = [
  "tax_id",
  "Tax-ID",
  "TAX ID",
  "tax id",
  "ssn",
  "SSN",
  "ein",
  "EIN",
  "itin",
  "account_number",
  "Account Number",
  "account-number",
  "iban",
  "IBAN",
];
const publicKeys = ["tax_id_type", "routing_number", "swift_code", "account_name", "bank_name", "taxid_note", "name"];

const secretValue = fc.stringMatching(/^[A-Z0-9]{6,12}$/).map((text) => `SECRET${text}`);
const plainValue = fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.boolean(), fc.constant(null));

/** A random record with secrets planted under secret keys at random depths (in objects and arrays). */
const recordWithSecrets = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    plainValue,
    fc.array(tie("node"), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom(...publicKeys, "extra", "kyc", "custodian"), tie("node"), { maxKeys: 4 }),
    fc
      .record({
        key: fc.constantFrom(...secretSpellings),
        value: fc.oneof(secretValue, fc.array(secretValue, { minLength: 1, maxLength: 2 })),
      })
      .map(({ key, value }) => ({ [key]: value })),
  ),
})).node;

// Secret values are generated only under secret keys, so every "SECRET…" string in a record was planted.
function secretsIn(value: unknown): string[] {
  if (typeof value === "string") return value.startsWith("SECRET") ? [value] : [];
  if (value === null || typeof value !== "object") return [];
  return Object.values(value).flatMap((child) => secretsIn(child));
}

describe("maskSecrets", () => {
  it("leaves no full value under any secret key, at any depth, in any spelling", () => {
    fc.assert(
      fc.property(fc.record({ id: fc.uuid(), body: recordWithSecrets, nested: recordWithSecrets }), (record) => {
        const planted = secretsIn(record);
        fc.pre(planted.length > 0);
        const text = JSON.stringify(maskSecrets(record));
        for (const secret of planted) expect(text).not.toContain(secret);
      }),
      { numRuns: 500 },
    );
  });

  it("keeps the last 4 characters, masks numbers too, and leaves public bank identifiers and tax_id_type", () => {
    const record = {
      investment_account: {
        tax_id: "123-45-6789",
        tax_id_type: "ssn",
        bank: { account_number: 12345678, routing_number: "021000021", swift_code: "CHASUS33" },
      },
      extra: { "Tax-ID": "98-7654321", list: [{ IBAN: "GB82WEST12345698765432" }] },
    };
    expect(maskSecrets(record)).toEqual({
      investment_account: {
        tax_id: "•••••6789",
        tax_id_type: "ssn",
        bank: { account_number: "•••••5678", routing_number: "021000021", swift_code: "CHASUS33" },
      },
      extra: { "Tax-ID": "•••••4321", list: [{ IBAN: "•••••5432" }] },
    });
  });

  it("does not touch the record it was given, and shares the parts that hold no secret", () => {
    const record = {
      id: "x",
      primary_contact: { email: "a@example.com" },
      investment_account: { tax_id: "123456789" },
    };
    const masked = maskSecrets(record);
    expect(record.investment_account.tax_id).toBe("123456789");
    expect(masked.primary_contact).toBe(record.primary_contact);
    expect(maskSecrets({ id: "y", a: { b: 1 } })).toEqual({ id: "y", a: { b: 1 } });
  });
});

describe("maskSecretsInPlace", () => {
  const anyKey = fc.oneof(fc.constantFrom(...secretSpellings, ...publicKeys, "__proto__"), fc.string({ maxLength: 6 }));
  const anything = fc.oneof(recordWithSecrets, fc.jsonValue({ maxDepth: 3 }), fc.dictionary(anyKey, recordWithSecrets));

  it("masks the record itself exactly as maskSecrets masks a copy", () => {
    fc.assert(
      fc.property(anything, anything, (a, b) => {
        const record = JSON.parse(JSON.stringify({ a, b, tax_id: a })) as unknown;
        const expected = maskSecrets(record);
        expect(maskSecretsInPlace(structuredClone(record))).toStrictEqual(expected);
      }),
      { numRuns: 500 },
    );
  });
});

describe("isSecretKey", () => {
  const secretNames = ["tax_id", "ssn", "ein", "itin", "account_number", "iban"];
  // Spellings that change length or case under toLowerCase (İ, the Kelvin sign), beside the real ones.
  const key = fc.oneof(
    fc.constantFrom(...secretSpellings, ...publicKeys, "TAXİD", "tax_İd", "\u212Aey", "İban", "ıban", "Ssn "),
    fc.string({ maxLength: 16, unit: "binary" }),
    fc
      .tuple(fc.constantFrom(...secretSpellings), fc.constantFrom("İ", "\u212A", " ", "-", "ß", ""), fc.nat(14))
      .map(([name, extra, at]) => name.slice(0, at) + extra + name.slice(at)),
  );

  it("answers exactly whether the normalized key is a secret's name, whatever the key's length", () => {
    fc.assert(
      fc.property(key, (candidate) => {
        expect(isSecretKey(candidate)).toBe(secretNames.includes(normalizedKey(candidate)));
      }),
      { numRuns: 2000 },
    );
  });
});

describe("findSecret", () => {
  it("reads the spec's place first, else the first key of that name anywhere", () => {
    expect(findSecret({ investment_account: { tax_id: "A" }, tax_id: "B" }, "investor", "tax_id")).toBe("A");
    expect(findSecret({ kyc: { docs: [{ "Tax-ID": "C" }] } }, "investor", "tax_id")).toBe("C");
    expect(findSecret({ custodian: { "account number": 42 } }, "investor", "account_number")).toBe("42");
    expect(findSecret({ legal_entity: { tax_id: "F" }, bank: { account_number: "G" } }, "fund", "account_number")).toBe(
      "G",
    );
    expect(findSecret({ id: "none" }, "fund", "tax_id")).toBeNull();
  });
});
