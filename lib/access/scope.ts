import type { FundResource, Scope, ScopeEntry } from "./types";

// Scopes as written in the users file and the access rules: "*", "Organization", "source/Organization", "source/*".

export const everything: Scope = { all: true };

const same = (text: string) => text.trim().toLowerCase();

/**
 * A scope from its written entries. "source/…" names a source only when `sources` has that name, so an organization
 * whose name holds a slash is still an organization.
 */
export function parseScope(written: readonly string[], sources: readonly string[]): Scope {
  const entries: ScopeEntry[] = [];
  for (const raw of written) {
    const text = raw.trim();
    if (text === "*") return everything;
    if (text === "") continue;
    const slash = text.indexOf("/");
    const source = slash > 0 ? text.slice(0, slash) : null;
    if (source !== null && sources.includes(source)) {
      const organization = text.slice(slash + 1).trim();
      entries.push({ source, organization: organization === "*" || organization === "" ? null : organization });
    } else entries.push({ source: null, organization: text });
  }
  return { all: false, entries };
}

/** The scope of a whole source (the server's own background work for that source). */
export function sourceScope(source: string): Scope {
  return { all: false, entries: [{ source, organization: null }] };
}

/** Whether the scope covers a fund: a fund without an organization only by an entry covering its whole source. */
export function inScope(scope: Scope, fund: FundResource): boolean {
  if (scope.all) return true;
  return scope.entries.some(
    (entry) =>
      (entry.source === null || entry.source === fund.source) &&
      (entry.organization === null ||
        (fund.organization !== null && same(entry.organization) === same(fund.organization))),
  );
}

/** The scope's canonical text: equal keys see exactly the same funds (every source whole is everything). */
export function scopeKey(scope: Scope, sources: readonly string[] = []): string {
  if (scope.all) return "*";
  const whole = new Set(scope.entries.flatMap((entry) => (entry.organization === null ? [entry.source] : [])));
  if (whole.has(null) || (sources.length > 0 && sources.every((source) => whole.has(source)))) return "*";
  const texts = scope.entries.map(
    (entry) => `${entry.source ?? "*"}/${entry.organization === null ? "*" : same(entry.organization)}`,
  );
  return JSON.stringify([...new Set(texts)].sort());
}

/** The scope as people read it: "everything", or its entries ("Northwind Partners", "acme/Northwind Partners"). */
export function describeScope(scope: Scope): string {
  if (scope.all) return "everything";
  if (scope.entries.length === 0) return "nothing";
  return scope.entries
    .map((entry) =>
      entry.source === null ? (entry.organization ?? "*") : `${entry.source}/${entry.organization ?? "*"}`,
    )
    .join(", ");
}
