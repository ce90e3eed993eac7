import type { MatchedBy } from "./types";

// The directory's matching rules as a function of positions: the executable statement of what the read model's SQL
// does (lib/store/server/model-groups.ts, org-investors.ts), which the store's tests hold it to.

/** What matching needs of a position: its tax id as a keyed hash, and its contact email as compared. */
export interface Matchable {
  taxKey: string | null;
  emailKey: string | null;
}

export interface Group<P> {
  /** The tax key or email the group is recognised by, or null for a position on its own. */
  by: string | null;
  matchedBy: MatchedBy;
  positions: P[];
}

/**
 * Positions of the same investor across funds. Rules: the same tax id is one investor, whatever the emails;
 * different tax ids never merge, even with one email; a position without a tax id joins the investor sharing its email
 * only when exactly one tax id is among that email's positions, else it groups with the other positions of that
 * email that have no tax id; a position with neither stays alone.
 */
export function groupPositions<P extends Matchable>(positions: readonly P[]): Group<P>[] {
  const byTax = new Map<string, Group<P>>();
  const taxKeysOfEmail = new Map<string, Set<string>>();
  for (const position of positions) {
    if (position.taxKey === null) continue;
    let group = byTax.get(position.taxKey);
    if (!group) byTax.set(position.taxKey, (group = { by: position.taxKey, matchedBy: "tax_id", positions: [] }));
    group.positions.push(position);
    if (position.emailKey !== null) {
      let keys = taxKeysOfEmail.get(position.emailKey);
      if (!keys) taxKeysOfEmail.set(position.emailKey, (keys = new Set()));
      keys.add(position.taxKey);
    }
  }
  const byEmail = new Map<string, Group<P>>();
  const alone: Group<P>[] = [];
  for (const position of positions) {
    if (position.taxKey !== null) continue;
    if (position.emailKey === null) {
      alone.push({ by: null, matchedBy: "none", positions: [position] });
      continue;
    }
    const taxKeys = taxKeysOfEmail.get(position.emailKey);
    if (taxKeys?.size === 1) {
      byTax.get([...taxKeys][0]!)!.positions.push(position);
      continue;
    }
    let group = byEmail.get(position.emailKey);
    if (!group) byEmail.set(position.emailKey, (group = { by: position.emailKey, matchedBy: "email", positions: [] }));
    group.positions.push(position);
  }
  return [...byTax.values(), ...byEmail.values(), ...alone];
}
