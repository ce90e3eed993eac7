import "server-only";
import { ScaledColumn } from "../../values/scaled-column";
import { directoryColumns } from "../columns";
import type { DirectoryRow } from "../types";
import type { IndexParts, InvestorEntry, WorkedOut } from "./investor-entry";
import { amountFields } from "../../fund-reads/server/positions";

const maxSafe = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * The builder's investors, one slot each, with what an index needs of every row laid out in typed arrays (place,
 * money as scaled integers, lengths on screen) and kept up to date entry by entry: making the index of 80,000
 * investors then reads a few contiguous arrays and merges the rows that changed into the last order, instead of
 * visiting every investor's objects again.
 */
export class EntrySlots {
  private capacity = 0;
  private used = 0;
  private readonly free: number[] = [];
  private entries: (InvestorEntry | undefined)[] = [];
  private rows: (DirectoryRow | undefined)[] = [];
  private places = new Float64Array(0);
  private live = new Uint8Array(0);
  private changed = new Uint8Array(0);
  private readonly changes: number[] = [];
  /** Per money column: each slot's sum as a double when a safe integer (NaN when none), its scale, else a BigInt. */
  private readonly units = amountFields.map(() => new Float64Array(0));
  private readonly scales = amountFields.map(() => new Int32Array(0));
  private readonly bigs = amountFields.map(() => new Map<number, bigint>());
  // Lengths on screen fit 16 bits (a longer value is counted as 65,535 wide: its column is as wide as it gets anyway).
  private readonly lengths = directoryColumns.map(() => new Uint16Array(0));
  private readonly types = new Map<string, number>();
  private sorted = new Int32Array(0);

  /** Puts an entry in a slot (a new one when none is given) at its place in the order; returns the slot. */
  set(slot: number | undefined, { entry, sums, lengths }: WorkedOut, place: number): number {
    if (slot === undefined) slot = this.free.pop() ?? this.grow();
    else this.count(this.entries[slot]!.row.investor_type, -1);
    this.count(entry.row.investor_type, 1);
    this.entries[slot] = entry;
    this.rows[slot] = entry.row;
    this.places[slot] = place;
    this.live[slot] = 1;
    amountFields.forEach((_, at) => {
      const sum = sums[at]!;
      this.bigs[at]!.delete(slot);
      this.scales[at]![slot] = sum?.scale ?? 0;
      if (sum === null) this.units[at]![slot] = Number.NaN;
      else if (sum.units <= maxSafe && sum.units >= -maxSafe) this.units[at]![slot] = Number(sum.units);
      else {
        this.units[at]![slot] = Number.POSITIVE_INFINITY;
        this.bigs[at]!.set(slot, sum.units);
      }
    });
    directoryColumns.forEach((_, at) => (this.lengths[at]![slot] = Math.min(lengths[at]!, 0xffff)));
    this.mark(slot);
    return slot;
  }

  /** The investor key of the entry in a slot. */
  key(slot: number): string {
    return this.rows[slot]!.key;
  }

  delete(slot: number): void {
    this.count(this.entries[slot]!.row.investor_type, -1);
    this.entries[slot] = undefined;
    this.rows[slot] = undefined;
    this.live[slot] = 0;
    for (const scales of this.scales) scales[slot] = 0;
    for (const lengths of this.lengths) lengths[slot] = 0;
    this.free.push(slot);
    this.mark(slot);
  }

  /** What the index is made of: the rows in order, their money columns, the columns' widths and the types. */
  parts(): IndexParts {
    const order = this.order();
    const entries = new Array<InvestorEntry>(order.length);
    const rows = new Array<DirectoryRow>(order.length);
    for (let at = 0; at < order.length; at++) {
      entries[at] = this.entries[order[at]!]!;
      rows[at] = this.rows[order[at]!]!;
    }
    const money = amountFields.map((_, at) => this.moneyColumn(at, order));
    const widths = this.lengths.map((lengths) => {
      let longest = 0;
      for (let slot = 0; slot < this.used; slot++) if (lengths[slot]! > longest) longest = lengths[slot]!;
      return longest;
    });
    return { entries, rows, money, widths, types: new Map(this.types) };
  }

  private count(type: string, by: number) {
    const count = (this.types.get(type) ?? 0) + by;
    if (count === 0) this.types.delete(type);
    else this.types.set(type, count);
  }

  private mark(slot: number) {
    if (this.changed[slot] === 1) return;
    this.changed[slot] = 1;
    this.changes.push(slot);
  }

  // The live slots in order: those of the last order that did not change, merged with the changed ones, sorted.
  private order(): Int32Array {
    if (this.changes.length === 0) return this.sorted;
    const fresh = this.changes
      .filter((slot) => this.live[slot] === 1)
      .sort((a, b) => this.places[a]! - this.places[b]!);
    const kept = this.sorted.filter((slot) => this.changed[slot] === 0);
    const order = new Int32Array(kept.length + fresh.length);
    let k = 0;
    let f = 0;
    for (let at = 0; at < order.length; at++) {
      const takeKept = f === fresh.length || (k < kept.length && this.places[kept[k]!]! < this.places[fresh[f]!]!);
      order[at] = takeKept ? kept[k++]! : fresh[f++]!;
    }
    for (const slot of this.changes) this.changed[slot] = 0;
    this.changes.length = 0;
    this.sorted = order;
    return order;
  }

  private moneyColumn(at: number, order: Int32Array): ScaledColumn {
    const [units, scales, big] = [this.units[at]!, this.scales[at]!, this.bigs[at]!];
    let scale = 0;
    for (let slot = 0; slot < this.used; slot++) if (scales[slot]! > scale) scale = scales[slot]!;
    const gathered = new Float64Array(order.length);
    const gatheredBig = new Map<number, bigint>();
    for (let row = 0; row < order.length; row++) {
      const slot = order[row]!;
      const value = units[slot]!;
      if (scales[slot] === scale || Number.isNaN(value)) {
        gathered[row] = value;
        if (value === Number.POSITIVE_INFINITY) gatheredBig.set(row, big.get(slot)!);
        continue;
      }
      // A sum at a smaller scale than the column's is brought to it exactly (rare: amounts share their scale).
      const exact = (big.get(slot) ?? BigInt(value)) * 10n ** BigInt(scale - scales[slot]!);
      if (exact <= maxSafe && exact >= -maxSafe) gathered[row] = Number(exact);
      else {
        gathered[row] = Number.POSITIVE_INFINITY;
        gatheredBig.set(row, exact);
      }
    }
    return ScaledColumn.fromUnits(scale, gathered, gatheredBig);
  }

  private grow(): number {
    if (this.used === this.capacity) {
      this.capacity = Math.max(1024, this.capacity * 2);
      const bigger = <A extends Float64Array | Int32Array | Uint16Array | Uint8Array>(
        array: A,
        make: (n: number) => A,
      ): A => {
        const next = make(this.capacity);
        next.set(array);
        return next;
      };
      this.places = bigger(this.places, (n) => new Float64Array(n));
      this.live = bigger(this.live, (n) => new Uint8Array(n));
      this.changed = bigger(this.changed, (n) => new Uint8Array(n));
      amountFields.forEach((_, at) => {
        this.units[at] = bigger(this.units[at]!, (n) => new Float64Array(n));
        this.scales[at] = bigger(this.scales[at]!, (n) => new Int32Array(n));
      });
      directoryColumns.forEach((_, at) => (this.lengths[at] = bigger(this.lengths[at]!, (n) => new Uint16Array(n))));
    }
    return this.used++;
  }
}
