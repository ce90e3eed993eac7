import "server-only";
import type { StoreScope } from "../model";

// A person's scope as a condition of the query (the read model's funds, aliased `f`): nothing is worked out or
// held per scope, and a fund out of scope is simply not among the rows.

/** Positional parameters of one raw query, numbered as they are added. */
export class Params {
  readonly values: unknown[] = [];

  /** `$n` for this value. */
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** The funds in scope: listed by their source's newest funds list, and of a source or organization the scope names. */
export function inScope(scope: StoreScope, params: Params, alias = "f"): string {
  const whole = params.add(scope.whole);
  const sources = params.add(scope.parts.map((part) => part.fingerprint));
  const organizations = params.add(scope.parts.map((part) => part.organization));
  return `(${alias}.listed and (${alias}.fingerprint = any(${whole}::text[])
    or (${alias}.fingerprint, ${alias}.organization_key) in
       (select * from unnest(${sources}::text[], ${organizations}::text[]))))`;
}

/** A fund in scope whose positions count (its last read did not fail). */
export function counted(scope: StoreScope, params: Params, alias = "f"): string {
  return `(${inScope(scope, params, alias)} and ${alias}.status = 'read')`;
}

/**
 * Whether the scope holds every fund the read model counts: then the directory of the whole organization
 * (org_investors) is the person's; otherwise their directory is grouped from their scope's positions.
 */
export function holdsEverything(scope: StoreScope, listedFingerprints: readonly string[]): boolean {
  return scope.parts.length === 0 && listedFingerprints.every((fingerprint) => scope.whole.includes(fingerprint));
}
