import "server-only";
import type { Position } from "../../fund-reads/server/positions";

// One key's positions: the position itself while it is the only one (nearly every investor), else a list. A list of
// one held 56 bytes more than its position, and one made by a push onto `[]` 184 (V8's first growth is 17 slots).
type Held = Position | Position[];

/** Positions listed by a key (a tax key, an email), in the order they were added. */
export class PositionLists<K> {
  private readonly byKey = new Map<K, Held>();

  add(key: K, position: Position): void {
    const held = this.byKey.get(key);
    if (held === undefined) this.byKey.set(key, position);
    else if (Array.isArray(held)) held.push(position);
    else this.byKey.set(key, [held, position]);
  }

  remove(key: K, position: Position): void {
    const held = this.byKey.get(key);
    if (held === position) this.byKey.delete(key);
    if (!Array.isArray(held)) return;
    const at = held.indexOf(position);
    if (at !== -1) held.splice(at, 1);
    if (held.length === 1) this.byKey.set(key, held[0]!);
  }

  /** A key's positions (none when it has none); a copy, which a later add or remove leaves as it is. */
  get(key: K): Position[] {
    const held = this.byKey.get(key);
    return held === undefined ? [] : Array.isArray(held) ? [...held] : [held];
  }

  has(key: K): boolean {
    return this.byKey.has(key);
  }
}
