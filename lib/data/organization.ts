import "server-only";
import { hasRole } from "../access/policy";
import type { StoreScope } from "../store/model";
import type { Principal } from "./principal";
import { fingerprintOf, refOf, sourceNames } from "./sources";

// The organization-wide views read the store's read model; this is where a person's scope becomes the condition of
// those queries: the funds `can(person, "fund.read", fund)` allows, as the store compares them (policy.test.ts holds
// the two to one another). Nothing is worked out or held per scope.

const same = (text: string) => text.trim().toLowerCase();

/** The funds a person may browse, as the store's queries take them: whole sources, and organizations of sources. */
export async function organizationScope(principal: Principal): Promise<StoreScope> {
  if (!hasRole(principal, "viewer")) return { whole: [], parts: [] };
  const sources = sourceNames();
  const fingerprints = new Map(await Promise.all(sources.map(async (s) => [s, await fingerprintOf(s)] as const)));
  if (principal.scope.all) return { whole: [...fingerprints.values()], parts: [] };
  const whole = new Set<string>();
  const parts = new Map<string, { fingerprint: string; organization: string }>();
  for (const entry of principal.scope.entries) {
    const reached = entry.source === null ? sources : sources.filter((source) => source === entry.source);
    for (const source of reached) {
      const fingerprint = fingerprints.get(source)!;
      if (entry.organization === null) whole.add(fingerprint);
      else
        parts.set(`${fingerprint}\u0000${same(entry.organization)}`, {
          fingerprint,
          organization: same(entry.organization),
        });
    }
  }
  return { whole: [...whole], parts: [...parts.values()].filter((part) => !whole.has(part.fingerprint)) };
}

/** A fund's ref (its link) from its source's fingerprint and upstream id, as the read model names it. */
export async function fundRefOf(): Promise<(fund: { fingerprint: string; fundId: string }) => string> {
  const sources = new Map(await Promise.all(sourceNames().map(async (s) => [await fingerprintOf(s), s] as const)));
  return (fund) => {
    const source = sources.get(fund.fingerprint);
    // The model's queries take the configured sources' fingerprints only: another is not served.
    if (source === undefined) throw new Error("a fund of a source not configured");
    return refOf(source, fund.fundId);
  };
}
