import "server-only";
import type { Scope } from "../access/types";
import { singleSource, sourceNames } from "../customer-api/sources";
import { getUpstream } from "../customer-api/upstream";
import { joinFundRef, splitFundRef } from "../values/fund-ref";

// Where a fund comes from: its source, the upstream's id, and the key its reads are kept under in the store.

export { sourceNames } from "../customer-api/sources";

/** A fund's link ref: its bare id with one source, `source~id` with several. */
export function refOf(source: string, fundId: string): string {
  return joinFundRef(source, fundId, singleSource());
}

/** The sources a scope may reach: every source unless all its entries name sources. */
export function sourcesOf(scope: Scope): string[] {
  const all = sourceNames();
  if (scope.all || scope.entries.some((entry) => entry.source === null)) return all;
  const named = new Set(scope.entries.map((entry) => entry.source));
  return all.filter((source) => named.has(source));
}

/** The fingerprint a source's reads are kept under (a keyed hash of its base URL and token). */
export async function fingerprintOf(source: string): Promise<string> {
  return (await getUpstream(source)).fingerprint;
}

/** The store's key of a fund: its source's fingerprint and its id, so another token's reads are never its own. */
export function storeKeyOf(fingerprint: string, fundId: string): string {
  return `${fingerprint}:${fundId}`;
}

/** The source and upstream id a ref names; a bare id is left to the caller to place (null source). */
export function refParts(ref: string): { source: string | null; fundId: string } | null {
  const parts = splitFundRef(ref);
  if (!parts) return null;
  if (parts.source !== null && !sourceNames().includes(parts.source)) return null;
  // One source: a bare id is its fund.
  return parts.source === null && singleSource() ? { source: sourceNames()[0]!, fundId: parts.fundId } : parts;
}

/** The ref of a fund kept under a store key, when the key's fingerprint is one of the sources' current ones. */
export async function refOfStoreKey(key: string): Promise<string | null> {
  const at = key.indexOf(":");
  if (at === -1) return null;
  for (const source of sourceNames()) {
    if ((await fingerprintOf(source)) === key.slice(0, at)) return refOf(source, key.slice(at + 1));
  }
  return null;
}

/** A fund record as its upstream gave it: the id without the source (as the store keeps it). */
export function upstreamRecord<T extends { id: string }>(fund: T): T {
  const parts = splitFundRef(fund.id);
  return parts?.source ? { ...fund, id: parts.fundId } : fund;
}

/** The store keys of funds named by ref (refs this deployment's sources do not know are left out). */
export async function storeKeysOf(refs: readonly string[]): Promise<string[]> {
  const keys: string[] = [];
  for (const ref of refs) {
    const parts = refParts(ref);
    if (parts?.source) keys.push(storeKeyOf(await fingerprintOf(parts.source), parts.fundId));
  }
  return keys;
}
