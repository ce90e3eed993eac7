import "server-only";
import { DirectoryIndex } from "./directory-index";
import { EmailTaxKeys } from "./email-tax-keys";
import { EntrySlots } from "./entry-slots";
import { PositionLists } from "./position-lists";
import { entryKey, investorEntry } from "./investor-entry";
import type { Position } from "../../fund-reads/server/positions";

// Where a row comes in the index: tax groups, then email groups, then the others, each by its first position:
// kind × 2^51 + the fund's place × 2^25 + the place in the fund's list, exact below 2^26 funds and 2^25 positions.
const kindStep = 2 ** 51;
const fundStep = 2 ** 25;

interface Group {
  kind: 0 | 1 | 2;
  by: string | null;
  positions: Position[];
}

const matchedBys = ["tax_id", "email", "none"] as const;

/**
 * The directory's investors kept up to date fund by fund: a fund's list read (or read again) regroups only the
 * investors its positions touch, by the rules of groupPositions, so the index of every fund read so far is a merge
 * and a few arrays away rather than a regrouping of every position. It gives the index a from-scratch build over
 * the funds' positions, in the funds' order, would give.
 */
export class DirectoryBuilder {
  private readonly funds = new Map<string, readonly Position[]>();
  private places = new Map<string, number>();
  private readonly placeInFund = new Map<Position, number>();
  private readonly byTax = new PositionLists<string>();
  /** For each email, the tax keys of positions with it, with how many positions carry each. */
  private readonly taxKeysOfEmail = new EmailTaxKeys();
  private readonly emailOnly = new PositionLists<string>();
  private readonly alone = new Set<Position>();
  private readonly slots = new EntrySlots();
  // Each group's slot, and the groups to work out again: by tax key, by email, and positions on their own.
  private readonly taxSlots = new Map<string, number>();
  private readonly emailSlots = new Map<string, number>();
  private readonly aloneSlots = new Map<Position, number>();
  private readonly dirtyTax = new Set<string>();
  private readonly dirtyEmail = new Set<string>();
  private readonly dirtyAlone = new Set<Position>();
  private built: DirectoryIndex | null = null;

  /** The funds, in the fund list's order; positions of funds no longer listed are dropped. */
  setOrder(fundIds: readonly string[]): void {
    if (fundIds.length === this.places.size && fundIds.every((id, place) => this.places.get(id) === place)) return;
    const places = new Map(fundIds.map((id, place) => [id, place]));
    for (const fundId of this.funds.keys()) if (!places.has(fundId)) this.apply(fundId, []);
    this.places = places;
    // Every row's place may move: each investor is worked out again (once per change of the fund list's order).
    for (const taxKey of this.taxSlots.keys()) this.dirtyTax.add(taxKey);
    for (const email of this.emailSlots.keys()) this.dirtyEmail.add(email);
    for (const position of this.aloneSlots.keys()) this.dirtyAlone.add(position);
    this.flush();
  }

  /** A fund's positions as now read (none for a fund that failed); a fund not in the order is ignored. */
  setFund(fundId: string, positions: readonly Position[]): void {
    this.setFunds([[fundId, positions]]);
  }

  /**
   * Several funds' positions at once, each investor worked out once for them all: a start from 2,000 kept lists
   * placed an investor in several funds once per fund.
   */
  setFunds(funds: readonly (readonly [string, readonly Position[]])[]): void {
    for (const [fundId, positions] of funds) this.apply(fundId, positions);
    this.flush();
  }

  private apply(fundId: string, positions: readonly Position[]) {
    const old = this.funds.get(fundId) ?? [];
    if (old === positions || !this.places.has(fundId)) return;
    // An email's positions without a tax id join its one tax id, or group apart: its groups as they were are
    // redone (those it joins now are among them, or are the tax ids added, which add() marks).
    for (const position of old) if (position.emailKey !== null) this.touchEmail(position.emailKey);
    for (const position of positions) if (position.emailKey !== null) this.touchEmail(position.emailKey);
    for (const position of old) this.remove(position);
    positions.forEach((position, place) => this.add(position, place));
    if (positions.length > 0) this.funds.set(fundId, positions);
    else this.funds.delete(fundId);
  }

  /** The index of every position held, made once per change. */
  index(): DirectoryIndex {
    this.built ??= new DirectoryIndex(this.slots.parts());
    return this.built;
  }

  private touchEmail(email: string) {
    if (this.dirtyEmail.has(email)) return;
    this.dirtyEmail.add(email);
    for (const taxKey of this.taxKeysOfEmail.keys(email)) this.dirtyTax.add(taxKey);
  }

  private add(position: Position, place: number) {
    this.placeInFund.set(position, place);
    const { taxKey, emailKey } = position;
    if (taxKey !== null) {
      this.byTax.add(taxKey, position);
      this.dirtyTax.add(taxKey);
      if (emailKey !== null) this.taxKeysOfEmail.add(emailKey, taxKey);
    } else if (emailKey !== null) this.emailOnly.add(emailKey, position);
    else {
      this.alone.add(position);
      this.dirtyAlone.add(position);
    }
  }

  private remove(position: Position) {
    this.placeInFund.delete(position);
    const { taxKey, emailKey } = position;
    if (taxKey !== null) {
      this.byTax.remove(taxKey, position);
      this.dirtyTax.add(taxKey);
      if (emailKey !== null) this.taxKeysOfEmail.remove(emailKey, taxKey);
    } else if (emailKey !== null) this.emailOnly.remove(emailKey, position);
    else {
      this.alone.delete(position);
      this.dirtyAlone.add(position);
    }
  }

  private rank(position: Position): number {
    return this.places.get(position.fundId)! * fundStep + this.placeInFund.get(position)!;
  }

  private inOrder(positions: readonly Position[]): Position[] {
    if (positions.length < 2) return [...positions];
    return positions
      .map((position) => ({ position, rank: this.rank(position) }))
      .sort((a, b) => a.rank - b.rank)
      .map(({ position }) => position);
  }

  // Each group, by groupPositions' rules, or null when it no longer exists.
  private taxGroup(taxKey: string): Group | null {
    const taxed = this.byTax.get(taxKey);
    if (taxed.length === 0) return null;
    const joined: Position[] = [];
    const emails: string[] = [];
    for (const { emailKey } of taxed) {
      if (emailKey === null || emails.includes(emailKey)) continue;
      emails.push(emailKey);
      if (this.taxKeysOfEmail.size(emailKey) === 1) joined.push(...this.emailOnly.get(emailKey));
    }
    return { kind: 0, by: taxKey, positions: [...this.inOrder(taxed), ...this.inOrder(joined)] };
  }

  private emailGroup(email: string): Group | null {
    const positions = this.emailOnly.get(email);
    if (positions.length === 0 || this.taxKeysOfEmail.size(email) === 1) return null;
    return { kind: 1, by: email, positions: this.inOrder(positions) };
  }

  private aloneGroup(position: Position): Group | null {
    return this.alone.has(position) ? { kind: 2, by: null, positions: [position] } : null;
  }

  private flush() {
    for (const taxKey of this.dirtyTax) this.place(this.taxSlots, taxKey, this.taxGroup(taxKey));
    for (const email of this.dirtyEmail) this.place(this.emailSlots, email, this.emailGroup(email));
    for (const position of this.dirtyAlone) this.place(this.aloneSlots, position, this.aloneGroup(position));
    this.dirtyTax.clear();
    this.dirtyEmail.clear();
    this.dirtyAlone.clear();
    this.built = null;
  }

  // A group worked out again into its slot (a new one for a new group), or its slot freed when it is gone.
  private place<K>(slots: Map<K, number>, handle: K, group: Group | null) {
    const slot = slots.get(handle);
    if (!group) {
      if (slot !== undefined) this.slots.delete(slot);
      slots.delete(handle);
      return;
    }
    const matchedBy = matchedBys[group.kind];
    // A group's key depends on its tax key, email or position alone: its keyed hash is made once.
    const key = slot === undefined ? entryKey(matchedBy, group.by, group.positions) : this.slots.key(slot);
    const place = group.kind * kindStep + this.rank(group.positions[0]!);
    slots.set(handle, this.slots.set(slot, investorEntry(key, matchedBy, group.positions), place));
  }
}
